// The workaround "release GPU resources before main returns": the same Holder as repro.cu, but owned by a scope
// inside main, so its destructor runs while the runtime is alive. Exits 1 if a CUDA call in the destructor fails.
#include <cstdio>
#include <cuda_runtime.h>
static int failures = 0;
struct Holder {
  void *p = nullptr;
  ~Holder() {
    cudaError_t e = cudaFree(p);
    printf("~Holder: cudaFree code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
    failures += e != cudaSuccess;
  }
};
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  {
    Holder holder;  // destroyed at the end of this block, inside main
    cudaError_t e = cudaMalloc(&holder.p, 1 << 20);
    printf("main: cudaMalloc code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  }
  printf("main returns, failures=%d\n", failures);
  return failures ? 1 : 0;
}
