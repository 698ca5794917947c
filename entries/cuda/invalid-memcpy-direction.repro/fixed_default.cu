// Workaround "use cudaMemcpyDefault and let unified virtual addressing infer the direction": the copy of repro.cu
// (host to device), and back, with kind cudaMemcpyDefault.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int h = 7, back = 0, *d = nullptr;
  report("cudaMalloc", cudaMalloc(&d, sizeof h));
  cudaError_t e1 = cudaMemcpy(d, &h, sizeof h, cudaMemcpyDefault);
  report("cudaMemcpy(d, &h, cudaMemcpyDefault)", e1);
  cudaError_t e2 = cudaMemcpy(&back, d, sizeof back, cudaMemcpyDefault);
  report("cudaMemcpy(&back, d, cudaMemcpyDefault)", e2);
  printf("value copied there and back: %d\n", back);
  if (e1 != cudaSuccess || e2 != cudaSuccess || back != 7) return 1;
  printf("FIXED: no 'invalid copy direction for memcpy'\n");
  return 0;
}
