// The reproduction's program (repro.cu) with an exit status: 0 when the kernel ran and wrote its value, 1 otherwise.
// Built as sm_90 machine code plus compute_90 PTX, or as compute_80 PTX only (JIT-compiled by the driver), it runs on
// the H100; built as sm_80 machine code only, it does not (see tested.tsv for the commands).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *p) { *p = 1; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  printf("device: %s, compute capability %d.%d\n", prop.name, prop.major, prop.minor);
  int *p; cudaMalloc(&p, sizeof(int)); cudaMemset(p, 0, sizeof(int));
  k<<<1, 1>>>(p);
  cudaError_t e = cudaGetLastError();
  printf("kernel launch: code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  cudaError_t s = cudaDeviceSynchronize();
  printf("cudaDeviceSynchronize: code=%d(%s) %s\n", (int)s, cudaGetErrorName(s), cudaGetErrorString(s));
  int h = 0; cudaMemcpy(&h, p, sizeof h, cudaMemcpyDeviceToHost);
  printf("the kernel wrote %d\n", h);
  if (e == cudaSuccess && s == cudaSuccess && h == 1) { printf("OK: the kernel ran\n"); return 0; }
  return 1;
}
