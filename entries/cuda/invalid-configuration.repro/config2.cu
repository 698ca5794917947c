// review3: the same oversized block (1025 threads) through the other launch APIs, CUDA 13.0 runtime.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *p) { if (p) p[0] = 1; }
static void report(const char *what, cudaError_t e) {
  printf("%-44s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *p; report("cudaMalloc", cudaMalloc(&p, 4));
  void *args[] = {&p};
  report("cudaLaunchKernel(block 1025)", cudaLaunchKernel((const void *)k, dim3(1), dim3(1025), args, 0, 0));
  report("cudaLaunchCooperativeKernel(block 1025)", cudaLaunchCooperativeKernel((const void *)k, dim3(1), dim3(1025), args, 0, 0));
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(1); cfg.blockDim = dim3(1025);
  report("cudaLaunchKernelEx(block 1025)", cudaLaunchKernelEx(&cfg, k, p));
  cfg.blockDim = dim3(32); cfg.gridDim = dim3(1, 65536);
  report("cudaLaunchKernelEx(grid.y 65536)", cudaLaunchKernelEx(&cfg, k, p));
  int rt = 0, drv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("runtime %d driver %d\n", rt, drv);
  return 0;
}
