// Calls cudaMalloc inside a global-mode stream capture (900), which invalidates the capture so cudaStreamEndCapture fails (901).
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-28s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void noop() {}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaStream_t s; report("cudaStreamCreate", cudaStreamCreate(&s));
  report("cudaStreamBeginCapture", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  noop<<<1, 1, 0, s>>>();
  report("kernel launch (captured)", cudaGetLastError());
  void *p = nullptr;
  report("cudaMalloc during capture", cudaMalloc(&p, 1 << 20));
  cudaGraph_t g = nullptr;
  report("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
  printf("graph handle after EndCapture: %s\n", g ? "non-null" : "null");
  report("cudaGetLastError", cudaGetLastError());
  report("cudaMalloc after capture", cudaMalloc(&p, 1 << 20));
  return 0;
}
