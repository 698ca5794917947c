// review3: which code does a launch return when the fatbinary has no usable image for this kernel on this GPU?
// Built several ways by run.sh; each binary prints the launch result. Also a by-name lookup with the driver API.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
__global__ void everywhere(int *p) { *p = 1; }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 900
__global__ void only_below_sm90(int *p) { *p = 2; }   // absent from the sm_90 image, present in the sm_80 one
#endif
static void report(const char *what, cudaError_t e) {
  printf("%-44s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *p; report("cudaMalloc", cudaMalloc(&p, sizeof(int)));
  everywhere<<<1, 1>>>(p);
  report("launch everywhere", cudaGetLastError());
  report("sync", cudaDeviceSynchronize());
#ifndef __CUDA_ARCH__  // host pass only: the sm_90 device pass has no such kernel
  only_below_sm90<<<1, 1>>>(p);
#endif
  report("launch only_below_sm90", cudaGetLastError());
  report("sync", cudaDeviceSynchronize());
  return 0;
}
