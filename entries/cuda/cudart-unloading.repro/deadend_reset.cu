// The dead end "call cudaDeviceReset() at the end of main": repro.cu with cudaDeviceReset() just before main
// returns. The static object's destructor still runs after main, and its CUDA calls are checked; the program exits
// 1 if any of them fails (the dead end did not help), 0 if all succeed.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
struct Holder {
  void *p = nullptr;
  ~Holder() {
    cudaError_t e1 = cudaFree(p);
    printf("~Holder: cudaFree code=%d(%s) %s\n", (int)e1, cudaGetErrorName(e1), cudaGetErrorString(e1));
    void *q = nullptr; cudaError_t e2 = cudaMalloc(&q, 16);
    printf("~Holder: cudaMalloc code=%d(%s) %s\n", (int)e2, cudaGetErrorName(e2), cudaGetErrorString(e2));
    std::_Exit(e1 == cudaSuccess && e2 == cudaSuccess ? 0 : 1);
  }
};
static Holder holder;   // constructed before main, destroyed after main
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaError_t e = cudaMalloc(&holder.p, 1 << 20);
  printf("main: cudaMalloc code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  e = cudaDeviceReset();
  printf("main: cudaDeviceReset code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  printf("main returns\n");
  return 0;
}
