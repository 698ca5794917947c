// Copies to a host global through cudaMemcpyToSymbol; only __device__/__constant__ variables are symbols.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-32s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__device__ int dev_var;
int host_var;
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int v = 42;
  cudaError_t e = cudaMemcpyToSymbol(host_var, &v, sizeof v);
  report("cudaMemcpyToSymbol(host_var)", e);
  (void)cudaGetLastError();
  report("cudaMemcpyToSymbol(dev_var)", cudaMemcpyToSymbol(dev_var, &v, sizeof v));
  return e == cudaSuccess ? 0 : 1;
}
