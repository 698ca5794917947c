// Queries an event and a stream while a kernel that spins for ~1 s is still running: both return 600, which is not an error.
#include <cstdio>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-30s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void spin(long long cycles) { long long t0 = clock64(); while (clock64() - t0 < cycles) {} }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaStream_t s; cudaEvent_t ev;
  report("cudaStreamCreate", cudaStreamCreate(&s));
  report("cudaEventCreate", cudaEventCreate(&ev));
  spin<<<1, 1, 0, s>>>(2000000000LL);                      // about a second at ~2 GHz
  report("kernel launch", cudaGetLastError());
  report("cudaEventRecord", cudaEventRecord(ev, s));
  cudaError_t e = cudaEventQuery(ev);
  report("cudaEventQuery (running)", e);
  report("cudaStreamQuery (running)", cudaStreamQuery(s));
  report("cudaStreamSynchronize", cudaStreamSynchronize(s));
  report("cudaEventQuery (finished)", cudaEventQuery(ev));
  report("cudaStreamQuery (finished)", cudaStreamQuery(s));
  report("cudaGetLastError", cudaGetLastError());
  return 0;
}
