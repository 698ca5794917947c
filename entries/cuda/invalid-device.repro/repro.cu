// Selects device 99 on a one-GPU machine; cudaSetDevice returns 101 (invalid device ordinal).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  printf("CUDA error at %s:%d code=%d(%s) \"%s\"\n", __FILE__, __LINE__, (int)e_, cudaGetErrorName(e_), #call); \
  printf("  %s\n", cudaGetErrorString(e_)); exit(1); } } while (0)
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = 0;
  CHECK(cudaGetDeviceCount(&n));
  printf("device count: %d\n", n);
  CHECK(cudaSetDevice(99));
  return 0;
}
