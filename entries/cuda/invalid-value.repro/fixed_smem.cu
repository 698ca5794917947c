// Workaround "validate launch geometry against device limits": a kernel launched with 64 KiB of dynamic shared memory
// fails with cudaErrorInvalidValue until cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, n)
// raises its limit above the default 48 KiB (within the device's cudaDevAttrMaxSharedMemoryPerBlockOptin).
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-56s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void uses_smem(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  printf("cudaDevAttrMaxSharedMemoryPerBlockOptin: %d bytes\n", optin);
  float *out; report("cudaMalloc", cudaMalloc(&out, 256 * sizeof(float)));
  const int smem = 64 * 1024;
  uses_smem<<<1, 256, smem>>>(out);
  report("launch with 64 KiB dynamic shared memory", cudaGetLastError());
  report("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, 64 KiB)",
         cudaFuncSetAttribute(uses_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  uses_smem<<<1, 256, smem>>>(out);
  cudaError_t e = cudaGetLastError();
  report("launch with 64 KiB dynamic shared memory", e);
  cudaError_t s = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", s);
  float h = -1; cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[0] = %.0f\n", h);
  if (e != cudaSuccess || s != cudaSuccess || h != 255.f) return 1;
  printf("FIXED: no 'invalid argument'\n");
  return 0;
}
