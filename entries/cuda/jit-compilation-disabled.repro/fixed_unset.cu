// Workaround "unset CUDA_DISABLE_PTX_JIT": the kernel of repro.cu, built as compute_80 PTX only, without the re-exec
// that sets the variable; tested.tsv runs it with CUDA_DISABLE_PTX_JIT=1 and after `unset CUDA_DISABLE_PTX_JIT`.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void k(int *p) { *p = 1; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *v = getenv("CUDA_DISABLE_PTX_JIT");
  printf("CUDA_DISABLE_PTX_JIT=%s\n", v ? v : "(unset)");
  int *p; report("cudaMalloc", cudaMalloc(&p, sizeof(int)));
  k<<<1, 1>>>(p);
  cudaError_t e = cudaGetLastError();
  report("kernel launch", e);
  report("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return e == cudaSuccess ? 0 : 1;
}
