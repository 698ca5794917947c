// An MPS client that keeps launching a kernel until a call fails (its MPS server is killed meanwhile), then
// retries in the same process, then resets the device and tries again.
#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>
__global__ void noop() {}
static void r(const char *what, cudaError_t e) {
  printf("  %-44s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  r("cudaFree(0)", cudaFree(0));
  for (int i = 0; i < 80; i++) {
    noop<<<1, 1>>>();
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      printf("  iteration %d:\n", i);
      r("cudaDeviceSynchronize", e);
      r("cudaGetLastError", cudaGetLastError());
      void *p = nullptr;
      for (int k = 1; k <= 3; k++) {
        sleep(1);
        printf("  retry %d (after 1 s):\n", k);
        r("cudaMalloc", cudaMalloc(&p, 1 << 20));
        noop<<<1, 1>>>();
        r("kernel launch (cudaGetLastError)", cudaGetLastError());
        r("cudaDeviceSynchronize", cudaDeviceSynchronize());
      }
      r("cudaDeviceReset", cudaDeviceReset());
      r("cudaMalloc after cudaDeviceReset", cudaMalloc(&p, 1 << 20));
      noop<<<1, 1>>>();
      r("kernel launch after cudaDeviceReset", cudaGetLastError());
      r("cudaDeviceSynchronize after cudaDeviceReset", cudaDeviceSynchronize());
      return 1;
    }
    usleep(250000);
  }
  printf("  no error in 80 iterations\n");
  return 0;
}
