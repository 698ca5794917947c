// A kernel that keeps 160 floats live needs ~168 registers per thread, so a 1024-thread block exceeds the 64K register file.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
#define N 160
__global__ void heavy(const float *in, float *out) {
  float r[N];
#pragma unroll
  for (int i = 0; i < N; i++) r[i] = in[threadIdx.x + i * 1024];
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < N; i++) acc += r[i] * r[(i * 37 + 11) % N] + r[N - 1 - i] * acc;
  out[threadIdx.x] = acc;
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float *in, *out;
  report("cudaMalloc(in)", cudaMalloc(&in, N * 1024 * sizeof(float)));
  report("cudaMalloc(out)", cudaMalloc(&out, 1024 * sizeof(float)));
  cudaFuncAttributes a;
  report("cudaFuncGetAttributes(heavy)", cudaFuncGetAttributes(&a, heavy));
  printf("heavy: numRegs=%d maxThreadsPerBlock=%d\n", a.numRegs, a.maxThreadsPerBlock);
  heavy<<<1, 1024>>>(in, out);
  cudaError_t e = cudaGetLastError();
  report("heavy<<<1, 1024>>>", e);
  heavy<<<1, a.maxThreadsPerBlock>>>(in, out);
  report("heavy<<<1, maxThreadsPerBlock>>>", cudaGetLastError());
  report("cudaDeviceSynchronize", cudaDeviceSynchronize());
  heavy<<<1, 32, 1 << 30>>>(in, out);                     // 1 GiB of dynamic shared memory
  report("heavy<<<1, 32, 1 GiB smem>>>", cudaGetLastError());
  return e == cudaSuccess ? 0 : 1;
}
