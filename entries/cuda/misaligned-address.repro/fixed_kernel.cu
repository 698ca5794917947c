// Workaround "fix the kernel: check alignment before the wide access and fall back to narrower ones": the store of
// repro.cu (8 bytes at base + 4) checks the address and, when it is not 8-byte aligned, stores byte by byte.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void store64(char *base, int offset) {
  char *p = base + offset;
  long long v = 1;
  if ((reinterpret_cast<uintptr_t>(p) & (alignof(long long) - 1)) == 0) *reinterpret_cast<long long *>(p) = v;
  else memcpy(p, &v, sizeof v);                            // the scalar fallback for an unaligned address
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  char *d = nullptr;
  report("cudaMalloc", cudaMalloc(&d, 64));
  cudaMemset(d, 0, 64);
  store64<<<1, 1>>>(d, 4);                                 // base + 4 is not 8-byte aligned
  report("kernel launch", cudaGetLastError());
  cudaError_t e = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", e);
  long long h = 0;
  report("cudaMemcpy", cudaMemcpy(&h, d + 4, sizeof h, cudaMemcpyDeviceToHost));
  printf("value at base + 4: %lld\n", h);
  void *q; report("cudaMalloc afterwards", cudaMalloc(&q, 4));
  if (e != cudaSuccess || h != 1) return 1;
  printf("FIXED: no misaligned address\n");
  return 0;
}
