// review4: what a per-thread stack overflow returns on CUDA 13.0, and whether raising cudaLimitStackSize fixes it.
// Also an out-of-bounds write to a local array (inside the thread's stack, and far outside it).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define P(call) do { cudaError_t e_ = (call); printf("%-55s -> %d %s\n", #call, (int)e_, cudaGetErrorName(e_)); } while (0)

__device__ __noinline__ int rec(int n, volatile int* sink) {
  int local[64];
  for (int i = 0; i < 64; i++) local[i] = n * 3 + i + sink[0];
  if (n <= 0) return local[(n + 5) & 63];
  int r = rec(n - 1, sink) + local[(n * 7) & 63];
  sink[1] = r;
  return r;
}
__global__ void deep(int n, int* out) { out[2] = rec(n, out); }

__device__ __noinline__ int writer(int idx, int v, volatile int* sink) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = i + sink[0];
  a[idx] = v;                       // out of bounds when idx >= 8
  int s = 0;
  for (int i = 0; i < 8; i++) s += a[i];
  return s;
}
__global__ void local_oob(int idx, int* out) { out[3] = writer(idx, 12345, out); }

int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char* mode = argc > 1 ? argv[1] : "overflow";
  int* d; P(cudaMalloc(&d, 64)); P(cudaMemset(d, 0, 64));
  size_t lim = 0; cudaDeviceGetLimit(&lim, cudaLimitStackSize); printf("default cudaLimitStackSize = %zu bytes\n", lim);
  if (!strcmp(mode, "overflow")) {
    deep<<<1, 1>>>(100, d);
    P(cudaGetLastError());
    P(cudaDeviceSynchronize());
    int* q; P(cudaMalloc(&q, 4));
  } else if (!strcmp(mode, "raised")) {
    P(cudaDeviceSetLimit(cudaLimitStackSize, 64 * 1024));
    cudaDeviceGetLimit(&lim, cudaLimitStackSize); printf("cudaLimitStackSize now = %zu bytes\n", lim);
    deep<<<1, 1>>>(100, d);
    P(cudaGetLastError());
    P(cudaDeviceSynchronize());
  } else if (!strcmp(mode, "local_in_frame")) {
    int h[4];
    local_oob<<<1, 1>>>(12, d);
    P(cudaDeviceSynchronize());
    P(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)); printf("result %d\n", h[3]);
  } else if (!strcmp(mode, "local_far")) {
    local_oob<<<1, 1>>>(1 << 24, d);
    P(cudaDeviceSynchronize());
  }
  return 0;
}
