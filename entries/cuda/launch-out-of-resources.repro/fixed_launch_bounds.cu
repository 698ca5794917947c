// Workaround "cap register usage at compile time with __launch_bounds__": the kernel of repro.cu declared for 1024
// threads a block, so the compiler keeps it within 64 registers a thread (spilling the rest) and the 1024-thread
// launch of repro.cu succeeds. Built with -Xptxas -v to show the registers and spills.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
#define N 160
__global__ void __launch_bounds__(1024) heavy(const float *in, float *out) {
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
  cudaMemset(in, 0, N * 1024 * sizeof(float));
  cudaFuncAttributes a;
  report("cudaFuncGetAttributes(heavy)", cudaFuncGetAttributes(&a, heavy));
  printf("heavy: numRegs=%d maxThreadsPerBlock=%d localSizeBytes=%zu\n", a.numRegs, a.maxThreadsPerBlock, a.localSizeBytes);
  heavy<<<1, 1024>>>(in, out);
  cudaError_t e = cudaGetLastError();
  report("heavy<<<1, 1024>>>", e);
  cudaError_t s = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", s);
  if (e != cudaSuccess || s != cudaSuccess) return 1;
  printf("FIXED: 1024 threads a block, no 'too many resources requested for launch'\n");
  return 0;
}
