// A kernel assert() fails; the sync returns 710 and every later runtime call in the process returns 710 too.
#include <cstdio>
#include <cassert>
#include <cuda_runtime.h>
__global__ void check_index(int i, int n) { assert(i < n); }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  check_index<<<1, 1>>>(20, 10);
  cudaError_t e = cudaDeviceSynchronize();
  printf("cudaDeviceSynchronize: code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  void *p; e = cudaMalloc(&p, 4);
  printf("cudaMalloc afterwards: code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
