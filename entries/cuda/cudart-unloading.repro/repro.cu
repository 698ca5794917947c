// A static object's destructor frees device memory after main returns, when the runtime may already be torn down.
#include <cstdio>
#include <cuda_runtime.h>
struct Holder {
  void *p = nullptr;
  ~Holder() {
    cudaError_t e = cudaFree(p);
    printf("~Holder: cudaFree code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
    void *q = nullptr; e = cudaMalloc(&q, 16);
    printf("~Holder: cudaMalloc code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  }
};
static Holder holder;   // constructed before main, destroyed after main
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaError_t e = cudaMalloc(&holder.p, 1 << 20);
  printf("main: cudaMalloc code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  printf("main returns\n");
  return 0;
}
