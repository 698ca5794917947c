// Calls cudaMemcpy with a kind value that is not a cudaMemcpyKind enumerator.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-34s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int h = 7, *d = nullptr;
  report("cudaMalloc", cudaMalloc(&d, sizeof h));
  cudaError_t e = cudaMemcpy(d, &h, sizeof h, (cudaMemcpyKind)9);   // valid kinds are 0..4
  report("cudaMemcpy(kind=9)", e);
  (void)cudaGetLastError();
  report("cudaMemcpy(cudaMemcpyHostToDevice)", cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice));
  return e == cudaSuccess ? 0 : 1;
}
