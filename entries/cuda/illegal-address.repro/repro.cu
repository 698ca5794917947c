// Launches a kernel that writes through a bad device pointer; the launch succeeds, the next sync returns 700, and the error sticks.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  printf("CUDA error at %s:%d code=%d(%s) \"%s\"\n", __FILE__, __LINE__, (int)e_, cudaGetErrorName(e_), #call); \
  printf("  %s\n", cudaGetErrorString(e_)); exit(1); } } while (0)
__global__ void write_bad(int *p) { p[threadIdx.x] = 42; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *bad = reinterpret_cast<int *>(0xdeadbeef000ULL);   // not an allocation of this process
  write_bad<<<1, 32>>>(bad);
  CHECK(cudaGetLastError());                               // launch itself is fine
  cudaError_t s = cudaDeviceSynchronize();                 // the fault is reported here
  printf("cudaDeviceSynchronize returned %d(%s): %s\n", (int)s, cudaGetErrorName(s), cudaGetErrorString(s));
  void *q;
  CHECK(cudaMalloc(&q, 4));                                // sticky: an unrelated call fails too
  printf("not reached\n");
  return 0;
}
