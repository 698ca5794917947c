// An MPS client that keeps launching a kernel until a call fails, then tries to carry on in the same process
// (cudaDeviceReset, then a new allocation).
#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>
__global__ void noop() {}
static void r(const char *what, cudaError_t e) {
  printf("  %-34s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  r("cudaFree(0)", cudaFree(0));
  for (int i = 0; i < 60; i++) {
    noop<<<1, 1>>>();
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      printf("  iteration %d:\n", i);
      r("cudaDeviceSynchronize", e);
      r("cudaGetLastError", cudaGetLastError());
      void *p = nullptr;
      r("cudaMalloc", cudaMalloc(&p, 1 << 20));
      r("cudaDeviceReset", cudaDeviceReset());
      r("cudaMalloc after cudaDeviceReset", cudaMalloc(&p, 1 << 20));
      return 1;
    }
    usleep(250000);
  }
  printf("  no error in 60 iterations\n");
  return 0;
}
