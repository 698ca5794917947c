// Built as compute_80 PTX only (no machine code), then run with PTX JIT disabled and the JIT cache off.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-24s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void k(int *p) { *p = 1; }
int main(int argc, char **argv) {
  if (!getenv("CUDA_DISABLE_PTX_JIT")) {                   // the driver reads these at start-up: re-exec with them set
    setenv("CUDA_DISABLE_PTX_JIT", "1", 1);
    setenv("CUDA_CACHE_DISABLE", "1", 1);
    execv("/proc/self/exe", argv);
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("CUDA_DISABLE_PTX_JIT=%s CUDA_CACHE_DISABLE=%s\n", getenv("CUDA_DISABLE_PTX_JIT"), getenv("CUDA_CACHE_DISABLE"));
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  printf("device: %s, compute capability %d.%d\n", prop.name, prop.major, prop.minor);
  int *p; report("cudaMalloc", cudaMalloc(&p, sizeof(int)));
  k<<<1, 1>>>(p);
  cudaError_t e = cudaGetLastError();
  report("kernel launch", e);
  report("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return e == cudaSuccess ? 0 : 1;
}
