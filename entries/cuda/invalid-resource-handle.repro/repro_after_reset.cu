// Uses stream and event handles that are no longer valid after cudaDeviceReset, and times events created without timing.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-38s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaEvent_t a, b;
  report("cudaEventCreateWithFlags(DisableTiming)", cudaEventCreateWithFlags(&a, cudaEventDisableTiming));
  report("cudaEventCreateWithFlags(DisableTiming)", cudaEventCreateWithFlags(&b, cudaEventDisableTiming));
  cudaEventRecord(a); cudaEventRecord(b); cudaEventSynchronize(b);
  float ms = 0.f;
  report("cudaEventElapsedTime(untimed events)", cudaEventElapsedTime(&ms, a, b));
  cudaStream_t s; cudaEvent_t ev;
  report("cudaStreamCreate", cudaStreamCreate(&s));
  report("cudaEventCreate", cudaEventCreate(&ev));
  report("cudaEventRecord", cudaEventRecord(ev, s));
  report("cudaDeviceReset", cudaDeviceReset());           // destroys the context that owned s and ev
  cudaError_t e = cudaStreamSynchronize(s);
  report("cudaStreamSynchronize(stale stream)", e);
  report("cudaEventQuery(stale event)", cudaEventQuery(ev));
  return e == cudaSuccess ? 0 : 1;
}
