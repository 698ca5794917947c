// cuda/profiler-already-started (7): call cudaProfilerStart twice (and cudaProfilerStop twice) with no profiler
// attached, and print what each call returns and the thread's last error.
#include <cstdio>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
static void P(const char *w, cudaError_t e) { printf("%-34s code=%d(%s)\n", w, (int)e, cudaGetErrorName(e)); }
int main() {
  P("cudaFree(0)", cudaFree(0));
  P("cudaProfilerStart()", cudaProfilerStart());
  P("cudaProfilerStart() again", cudaProfilerStart());
  P("cudaProfilerStop()", cudaProfilerStop());
  P("cudaProfilerStop() again", cudaProfilerStop());
  P("cudaGetLastError()", cudaGetLastError());
  return 0;
}
