// audit9 part 4 (issue #10): is a cudaMemcpyAsync between pageable host memory (malloc) and the device capturable on
// CUDA 13.0? Global capture mode on a non-blocking stream, host-to-device then device-to-host; then the graph is
// instantiated and replayed after the host buffer changed, to see which data the replay copies.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SHOW(call) do { cudaError_t e_ = (call); \
  printf("%-52s code=%d(%s) %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); } while (0)

__global__ void add_one(int *p) { *p += 1; }

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  int rt = 0, drv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("device %s (sm_%d%d), runtime %d, driver %d\n", p.name, p.major, p.minor, rt, drv);
  int *h_in = (int *)malloc(sizeof(int)), *h_out = (int *)malloc(sizeof(int));   // pageable
  *h_in = 10; *h_out = -1;
  int *d; cudaMalloc(&d, sizeof(int));
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaMemcpyAsync(d, h_in, sizeof(int), cudaMemcpyHostToDevice, s));
  add_one<<<1, 1, 0, s>>>(d);
  SHOW(cudaMemcpyAsync(h_out, d, sizeof(int), cudaMemcpyDeviceToHost, s));
  cudaGraph_t g = nullptr;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph: %s; h_out after capture (nothing ran yet) = %d\n", g ? "created" : "NULL", *h_out);
  if (!g) return 1;
  cudaGraphExec_t ge = nullptr;
  SHOW(cudaGraphInstantiate(&ge, g, 0));
  for (int v = 100; v <= 300; v += 100) {
    *h_in = v;
    SHOW(cudaGraphLaunch(ge, s));
    SHOW(cudaStreamSynchronize(s));
    printf("replay with h_in = %d: h_out = %d\n", v, *h_out);
  }
  return 0;
}
