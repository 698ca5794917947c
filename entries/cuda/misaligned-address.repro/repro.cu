// Stores a 64-bit integer at an address that is only 4-byte aligned; the sync returns 716 and the error is sticky.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void store64(char *base, int offset) { *reinterpret_cast<long long *>(base + offset) = 1; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  char *d = nullptr;
  report("cudaMalloc", cudaMalloc(&d, 64));
  store64<<<1, 1>>>(d, 4);                                 // base + 4 is not 8-byte aligned
  report("kernel launch", cudaGetLastError());
  cudaError_t e = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", e);
  void *q; report("cudaMalloc afterwards", cudaMalloc(&q, 4));
  return e == cudaSuccess ? 0 : 1;
}
