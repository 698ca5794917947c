// A kernel executes the PTX breakpoint instruction `brkpt` with no debugger attached.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void breakpoint() { asm volatile("brkpt;"); }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  breakpoint<<<1, 1>>>();
  report("kernel launch", cudaGetLastError());
  cudaError_t e = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", e);
  void *q; report("cudaMalloc afterwards", cudaMalloc(&q, 4));
  return e == cudaSuccess ? 0 : 1;
}
