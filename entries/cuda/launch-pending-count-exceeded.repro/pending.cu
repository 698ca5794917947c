// Does a device-side launch beyond cudaLimitDevRuntimePendingLaunchCount return
// cudaErrorLaunchPendingCountExceeded (69), as the runtime header says, or something else (CDP2)?
// One parent thread launches N children into its default stream (they serialize, each sleeps ~100 us),
// reading cudaGetLastError() after every launch. Then the same with the limit raised from the host.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void child() { __nanosleep(100000); }

__global__ void parent(int n, int *ok, int *first_bad, int *first_code, int *codes) {
  int good = 0;
  for (int i = 0; i < n; ++i) {
    child<<<1, 1>>>();
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) { ++good; continue; }
    if (*first_bad < 0) { *first_bad = i; *first_code = (int)e; }
    if ((int)e < 1024) atomicAdd(&codes[(int)e], 1);
  }
  *ok = good;
}

static void run(const char *label, int n) {
  int *ok, *fb, *fc, *codes;
  cudaMallocManaged(&ok, 4); cudaMallocManaged(&fb, 4); cudaMallocManaged(&fc, 4);
  cudaMallocManaged(&codes, 1024 * 4);
  *ok = 0; *fb = -1; *fc = 0;
  for (int i = 0; i < 1024; ++i) codes[i] = 0;
  size_t lim = 0;
  cudaDeviceGetLimit(&lim, cudaLimitDevRuntimePendingLaunchCount);
  parent<<<1, 1>>>(n, ok, fb, fc, codes);
  cudaError_t l = cudaGetLastError();
  cudaError_t s = cudaDeviceSynchronize();
  printf("%s: limit=%zu launches=%d host launch=%d sync=%d(%s)\n", label, lim, n, (int)l, (int)s,
         cudaGetErrorName(s));
  if (s != cudaSuccess) return;
  printf("  device-side: %d launches returned cudaSuccess; first failure at index %d with code %d (%s)\n", *ok,
         *fb, *fc, *fb >= 0 ? cudaGetErrorName((cudaError_t)*fc) : "-");
  for (int i = 0; i < 1024; ++i)
    if (codes[i]) printf("  code %d (%s): %d launches\n", i, cudaGetErrorName((cudaError_t)i), codes[i]);
  void *p; cudaError_t m = cudaMalloc(&p, 1 << 20);
  printf("  afterwards cudaMalloc=%d, cudaGetLastError=%d\n", (int)m, (int)cudaGetLastError());
  if (m == cudaSuccess) cudaFree(p);
  cudaFree(ok); cudaFree(fb); cudaFree(fc); cudaFree(codes);
}

int main() {
  int rt, drv; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  cudaDeviceProp pr; cudaGetDeviceProperties(&pr, 0);
  printf("device %s (sm_%d%d), runtime %d, driver %d\n", pr.name, pr.major, pr.minor, rt, drv);
  run("default limit", 4096);
  cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 8192);
  printf("cudaDeviceSetLimit(PendingLaunchCount, 8192) = %d\n", (int)e);
  run("raised limit", 4096);
  return 0;
}
