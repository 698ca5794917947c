// cudaMemcpy2D of rows 64 bytes wide with a destination pitch of 16 bytes: the pitch must be at least the width.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-34s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  char h[128] = {0}; void *d = nullptr;
  report("cudaMalloc", cudaMalloc(&d, 128));
  cudaError_t e = cudaMemcpy2D(d, 16, h, 64, 64, 2, cudaMemcpyHostToDevice);   // dpitch 16 < width 64
  report("cudaMemcpy2D(dpitch=16, width=64)", e);
  (void)cudaGetLastError();
  report("cudaMemcpy2D(dpitch=64, width=64)", cudaMemcpy2D(d, 64, h, 64, 64, 2, cudaMemcpyHostToDevice));
  return e == cudaSuccess ? 0 : 1;
}
