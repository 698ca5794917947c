// On a one-GPU machine, asks device 0 for peer access to itself and to a device 1 that does not exist.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = 0, can = -1;
  report("cudaGetDeviceCount", cudaGetDeviceCount(&n));
  printf("device count: %d\n", n);
  report("cudaSetDevice(0)", cudaSetDevice(0));
  report("cudaDeviceCanAccessPeer(&can, 0, 0)", cudaDeviceCanAccessPeer(&can, 0, 0));
  printf("canAccessPeer(0, 0) = %d\n", can);
  cudaError_t e = cudaDeviceEnablePeerAccess(0, 0);
  report("cudaDeviceEnablePeerAccess(0, 0)", e);
  (void)cudaGetLastError();
  report("cudaDeviceEnablePeerAccess(1, 0)", cudaDeviceEnablePeerAccess(1, 0));
  return e == cudaSuccess ? 0 : 1;
}
