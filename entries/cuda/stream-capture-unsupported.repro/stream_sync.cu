// audit9 part 4 (issue #10): cudaStreamSynchronize on the capturing stream, in the global, thread-local and relaxed
// capture modes (capture_modes.cu covers cudaStreamQuery, cudaDeviceSynchronize, cudaMalloc and events, not this
// call). Per mode: begin capture on a non-blocking stream, a captured kernel, cudaStreamSynchronize(s), end capture.
#include <cstdio>
#include <cuda_runtime.h>

#define SHOW(call) do { cudaError_t e_ = (call); \
  printf("    %-40s code=%d(%s) %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); } while (0)

__global__ void k(int *p) { *p += 1; }

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  int rt = 0, drv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("device %s (sm_%d%d), runtime %d, driver %d\n", p.name, p.major, p.minor, rt, drv);
  int *d; cudaMalloc(&d, sizeof(int));
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  const cudaStreamCaptureMode modes[3] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
                                          cudaStreamCaptureModeRelaxed};
  const char *names[3] = {"global", "thread_local", "relaxed"};
  for (int i = 0; i < 3; ++i) {
    printf("== mode %s: cudaStreamSynchronize(capturing stream)\n", names[i]);
    SHOW(cudaStreamBeginCapture(s, modes[i]));
    k<<<1, 1, 0, s>>>(d);
    SHOW(cudaGetLastError());
    SHOW(cudaStreamSynchronize(s));
    cudaGraph_t g = nullptr;
    SHOW(cudaStreamEndCapture(s, &g));
    printf("    graph: %s\n", g ? "created" : "NULL");
    if (g) cudaGraphDestroy(g);
    SHOW(cudaGetLastError());
    SHOW(cudaDeviceSynchronize());
  }
  return 0;
}
