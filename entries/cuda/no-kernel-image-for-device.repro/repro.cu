// Built only as sm_80 machine code (no PTX), so a Hopper (sm_90) GPU has no image to run: the launch returns 209.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *p) { *p = 1; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  printf("device: %s, compute capability %d.%d\n", prop.name, prop.major, prop.minor);
  int *p; cudaMalloc(&p, sizeof(int));
  k<<<1, 1>>>(p);
  cudaError_t e = cudaGetLastError();
  printf("kernel launch: code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  e = cudaDeviceSynchronize();
  printf("cudaDeviceSynchronize: code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  return 0;
}
