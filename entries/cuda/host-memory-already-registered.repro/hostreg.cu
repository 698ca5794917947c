// audit5 part3: cudaHostRegister overlap cases (cuda/host-memory-already-registered)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define P(label, e) do { cudaError_t r_ = (e); printf("  %-58s code=%d(%s)\n", label, (int)r_, cudaGetErrorName(r_)); } while (0)
__global__ void k(int *p) { if (p) *p = 1; }
int main() {
  size_t n = 64 << 20; char *p = nullptr;
  if (posix_memalign((void **)&p, 4096, n + (1 << 20))) return 1;
  P("cudaHostRegister(p, 64MiB)", cudaHostRegister(p, n, cudaHostRegisterDefault));
  P("cudaHostRegister(p, 64MiB) again", cudaHostRegister(p, n, cudaHostRegisterDefault));
  P("cudaGetLastError() right after", cudaGetLastError());
  P("cudaGetLastError() again", cudaGetLastError());
  P("cudaHostRegister(p+4096, 4096) (sub-range)", cudaHostRegister(p + 4096, 4096, cudaHostRegisterDefault));
  P("cudaHostRegister(p+n-4096, 8192) (partial overlap)", cudaHostRegister(p + n - 4096, 8192, cudaHostRegisterDefault));
  cudaGetLastError();
  P("cudaHostRegister(p, 64MiB) again, then a kernel launch", cudaHostRegister(p, n, cudaHostRegisterDefault));
  k<<<1, 1>>>(nullptr);
  P("  cudaGetLastError() after the launch", cudaGetLastError());
  P("  cudaDeviceSynchronize()", cudaDeviceSynchronize());
  P("cudaHostUnregister(p+4096) (interior pointer)", cudaHostUnregister(p + 4096));
  cudaGetLastError();
  P("cudaHostUnregister(p) (base)", cudaHostUnregister(p));
  P("cudaHostUnregister(p) again", cudaHostUnregister(p));
  cudaGetLastError();
  P("cudaHostRegister(p, 64MiB) after unregistering", cudaHostRegister(p, n, cudaHostRegisterDefault));
  P("cudaHostUnregister(p)", cudaHostUnregister(p));
  return 0;
}
