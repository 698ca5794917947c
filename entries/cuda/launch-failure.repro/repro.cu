// A kernel calls __trap(); the sync returns 719 (unspecified launch failure) and the error is sticky.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void trap_kernel() { __trap(); }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  trap_kernel<<<1, 1>>>();
  report("kernel launch", cudaGetLastError());
  cudaError_t e = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", e);
  void *q; report("cudaMalloc afterwards", cudaMalloc(&q, 4));
  return e == cudaSuccess ? 0 : 1;
}
