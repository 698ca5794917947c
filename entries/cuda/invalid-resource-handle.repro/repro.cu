// cudaEventElapsedTime on events created with cudaEventDisableTiming, and on a timing event that was never recorded.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaEvent_t a, b, c, never;
  report("cudaEventCreateWithFlags(DisableTiming)", cudaEventCreateWithFlags(&a, cudaEventDisableTiming));
  report("cudaEventCreateWithFlags(DisableTiming)", cudaEventCreateWithFlags(&b, cudaEventDisableTiming));
  report("cudaEventRecord(a)", cudaEventRecord(a));
  report("cudaEventRecord(b)", cudaEventRecord(b));
  report("cudaEventSynchronize(b)", cudaEventSynchronize(b));
  float ms = 0.f;
  cudaError_t e = cudaEventElapsedTime(&ms, a, b);
  report("cudaEventElapsedTime(untimed a, b)", e);
  report("cudaEventCreate(c)", cudaEventCreate(&c));
  report("cudaEventCreate(never)", cudaEventCreate(&never));
  report("cudaEventRecord(c)", cudaEventRecord(c));
  report("cudaEventSynchronize(c)", cudaEventSynchronize(c));
  report("cudaEventElapsedTime(c, never recorded)", cudaEventElapsedTime(&ms, c, never));
  report("cudaEventElapsedTime(c, c)", cudaEventElapsedTime(&ms, c, c));
  return e == cudaSuccess ? 0 : 1;
}
