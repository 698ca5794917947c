// review3: launch geometry beyond the device limits -> which code (cuda/invalid-configuration)?
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *p) { if (p) p[0] = 1; }
static void report(const char *what, cudaError_t e) {
  printf("%-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *p; report("cudaMalloc", cudaMalloc(&p, 4));
  k<<<1, 1025>>>(p);                     report("<<<1, 1025>>> (block > 1024)", cudaGetLastError());
  k<<<dim3(1, 65536), 1>>>(p);           report("<<<dim3(1, 65536), 1>>> (grid.y)", cudaGetLastError());
  k<<<dim3(1, 1, 65536), 1>>>(p);        report("<<<dim3(1, 1, 65536), 1>>> (grid.z)", cudaGetLastError());
  k<<<dim3(1, 1, 1), dim3(1, 1, 65)>>>(p); report("block.z = 65", cudaGetLastError());
  k<<<0, 32>>>(p);                       report("<<<0, 32>>> (empty grid)", cudaGetLastError());
  k<<<1, 0>>>(p);                        report("<<<1, 0>>> (empty block)", cudaGetLastError());
  k<<<1, 32>>>(p);                       report("<<<1, 32>>> (valid, context still usable)", cudaGetLastError());
  report("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
