// Asks cudaMalloc for 1 PiB; it returns 2 (out of memory), which is not sticky: a small allocation still works.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  printf("CUDA error at %s:%d code=%d(%s) \"%s\"\n", __FILE__, __LINE__, (int)e_, cudaGetErrorName(e_), #call); \
  printf("  %s\n", cudaGetErrorString(e_)); } } while (0)
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  void *p = nullptr, *q = nullptr;
  CHECK(cudaMalloc(&p, 1ULL << 50));
  CHECK(cudaGetLastError());             // reading the error clears it (prints the same code once more)
  CHECK(cudaMalloc(&q, 1 << 20));        // a normal allocation still succeeds
  printf("small cudaMalloc afterwards: %s\n", q ? "ok" : "failed");
  return 0;
}
