// Passes invalid arguments: cudaMalloc with a NULL output pointer, and a cudaMemcpy larger than its source allocation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaError_t e = cudaMalloc(nullptr, 4);                  // nowhere to store the pointer
  report("cudaMalloc(nullptr, 4)", e);
  void *d = nullptr;
  report("cudaMalloc(&d, 256)", cudaMalloc(&d, 256));
  char *h = (char *)malloc(4 << 20);
  report("cudaMemcpy 4 MiB from a 256 B buffer", cudaMemcpy(h, d, 4 << 20, cudaMemcpyDeviceToHost));
  report("cudaMemcpy 256 B (valid)", cudaMemcpy(h, d, 256, cudaMemcpyDeviceToHost));
  return e == cudaSuccess ? 0 : 1;
}
