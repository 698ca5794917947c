// cudaHostUnregister on pointers that are not the base of a registered range (cuda/host-memory-not-registered).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void rep(const char *w, cudaError_t e) { printf("%-52s -> %d %s\n", w, (int)e, cudaGetErrorName(e)); }
__global__ void k(float *p) { if (p) p[0] = 1.0f; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  rep("cudaFree(0) (init)", cudaFree(0));
  char *never = (char *)malloc(1 << 20);
  rep("cudaHostUnregister(never registered malloc)", cudaHostUnregister(never));
  rep("  cudaGetLastError afterwards", cudaGetLastError());
  char *buf = (char *)aligned_alloc(4096, 1 << 22);
  rep("cudaHostRegister(buf, 4 MiB)", cudaHostRegister(buf, 1 << 22, cudaHostRegisterDefault));
  rep("cudaHostUnregister(buf + 4096) (interior, page aligned)", cudaHostUnregister(buf + 4096));
  rep("cudaHostUnregister(buf + 100) (interior)", cudaHostUnregister(buf + 100));
  rep("cudaHostUnregister(buf) (base)", cudaHostUnregister(buf));
  rep("cudaHostUnregister(buf) again (double)", cudaHostUnregister(buf));
  void *pinned; rep("cudaMallocHost(1 MiB)", cudaMallocHost(&pinned, 1 << 20));
  rep("cudaHostUnregister(cudaMallocHost pointer)", cudaHostUnregister(pinned));
  rep("cudaFreeHost(pinned)", cudaFreeHost(pinned));
  cudaHostUnregister(never);  // leave 713 as the last error, then launch a kernel
  k<<<1, 1>>>(nullptr);
  rep("cudaGetLastError after a later good launch", cudaGetLastError());
  rep("cudaDeviceSynchronize (context still fine?)", cudaDeviceSynchronize());
  return 0;
}
