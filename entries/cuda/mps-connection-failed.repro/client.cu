// A minimal CUDA client: initializes the runtime and runs one kernel, printing each call's result.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void noop() {}
static void r(const char *what, cudaError_t e) {
  printf("  %-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaError_t e = cudaFree(0);
  r("cudaFree(0)", e);
  if (e != cudaSuccess) return 1;
  noop<<<1, 1>>>();
  r("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
