// Launches through a NULL function pointer and through a host function's address; neither is a registered kernel.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void real_kernel() {}
void host_function() {}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaError_t e = cudaLaunchKernel((const void *)nullptr, dim3(1), dim3(1), nullptr, 0, 0);
  report("cudaLaunchKernel(NULL)", e);
  (void)cudaGetLastError();                                // clear, the error is not sticky
  report("cudaLaunchKernel(host_function)",
         cudaLaunchKernel((const void *)host_function, dim3(1), dim3(1), nullptr, 0, 0));
  (void)cudaGetLastError();
  cudaFuncAttributes attr;
  report("cudaFuncGetAttributes(host_function)", cudaFuncGetAttributes(&attr, (const void *)host_function));
  (void)cudaGetLastError();
  report("cudaLaunchKernel(real_kernel)", cudaLaunchKernel((const void *)real_kernel, dim3(1), dim3(1), nullptr, 0, 0));
  report("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return e == cudaSuccess ? 0 : 1;
}
