// audit5-4: dynamic parallelism nesting depth (CDP2, -rdc=true -lcudadevrt). One thread per level launches one
// child; each level records the error its device-side launch got (cudaGetLastError in device code).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#define MAXD 40
__device__ int errs[MAXD];
__device__ int reached[MAXD];
__global__ void rec(int depth) {
  reached[depth] = 1;
  if (depth + 1 < MAXD) {
    rec<<<1, 1>>>(depth + 1);
    errs[depth] = (int)cudaGetLastError();
  }
}
static void rt(const char* what, cudaError_t e) {
  printf("%-52s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main(int argc, char** argv) {
  if (argc > 1 && !strcmp(argv[1], "syncdepth"))
    rt("cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 40)", cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 40));
  rec<<<1, 1>>>(0);
  rt("host: launch of depth-0 grid", cudaGetLastError());
  rt("host: cudaDeviceSynchronize", cudaDeviceSynchronize());
  int e[MAXD], r[MAXD];
  cudaMemcpyFromSymbol(e, errs, sizeof e); cudaMemcpyFromSymbol(r, reached, sizeof r);
  int deepest = -1;
  for (int d = 0; d < MAXD; d++) if (r[d]) deepest = d;
  printf("deepest level that ran (depth-0 grid = level 0): %d\n", deepest);
  for (int d = 0; d < MAXD - 1; d++)
    if (r[d] && e[d]) printf("device launch from level %d -> code=%d(%s) %s\n", d, e[d],
                             cudaGetErrorName((cudaError_t)e[d]), cudaGetErrorString((cudaError_t)e[d]));
  rt("host: cudaGetLastError after sync", cudaGetLastError());
  void* p = nullptr; rt("host: cudaMalloc afterwards", cudaMalloc(&p, 1 << 20));
  return 0;
}
