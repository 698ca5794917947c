// Workaround "reduce the threads per block": the kernel of repro.cu (about 168 registers a thread) over the same 1024
// elements, launched as blocks of at most 256 threads and at most the kernel's own maxThreadsPerBlock.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-36s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
#define N 160
__global__ void heavy(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;           // a global index instead of threadIdx.x alone
  float r[N];
#pragma unroll
  for (int i = 0; i < N; i++) r[i] = in[t + i * 1024];
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < N; i++) acc += r[i] * r[(i * 37 + 11) % N] + r[N - 1 - i] * acc;
  out[t] = acc;
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float *in, *out;
  report("cudaMalloc(in)", cudaMalloc(&in, N * 1024 * sizeof(float)));
  report("cudaMalloc(out)", cudaMalloc(&out, 1024 * sizeof(float)));
  cudaMemset(in, 0, N * 1024 * sizeof(float));
  cudaFuncAttributes a;
  report("cudaFuncGetAttributes(heavy)", cudaFuncGetAttributes(&a, heavy));
  printf("heavy: numRegs=%d maxThreadsPerBlock=%d\n", a.numRegs, a.maxThreadsPerBlock);
  heavy<<<1, 1024>>>(in, out);
  report("heavy<<<1, 1024>>>", cudaGetLastError());
  int threads = a.maxThreadsPerBlock < 256 ? a.maxThreadsPerBlock : 256;
  heavy<<<1024 / threads, threads>>>(in, out);
  cudaError_t e = cudaGetLastError();
  printf("heavy<<<%d, %d>>>", 1024 / threads, threads);
  report("", e);
  cudaError_t s = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", s);
  if (e != cudaSuccess || s != cudaSuccess) return 1;
  printf("FIXED: 1024 elements in blocks of %d threads, no 'too many resources requested for launch'\n", threads);
  return 0;
}
