// Workaround "create timing events with timing enabled and record both before asking for elapsed time": the timing of
// repro.cu with events from cudaEventCreate (timing on) that are both recorded.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void spin(long long cycles) { long long t0 = clock64(); while (clock64() - t0 < cycles) {} }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaEvent_t start, end;
  report("cudaEventCreate(start)", cudaEventCreate(&start));
  report("cudaEventCreate(end)", cudaEventCreate(&end));
  report("cudaEventRecord(start)", cudaEventRecord(start));
  spin<<<1, 1>>>(100000000LL);                             // some work to time
  report("cudaEventRecord(end)", cudaEventRecord(end));
  report("cudaEventSynchronize(end)", cudaEventSynchronize(end));
  float ms = 0.f;
  cudaError_t e = cudaEventElapsedTime(&ms, start, end);
  report("cudaEventElapsedTime(start, end)", e);
  printf("elapsed: %.3f ms\n", ms);
  if (e != cudaSuccess || ms <= 0.f) return 1;
  printf("FIXED: no 'invalid resource handle'\n");
  return 0;
}
