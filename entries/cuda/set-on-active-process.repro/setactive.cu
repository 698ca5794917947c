// Configuration calls after the device is initialised (cuda/set-on-active-process). Mode in argv[1].
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
static void rep(const char *w, int e) { printf("%-58s -> %d %s\n", w, e, cudaGetErrorName((cudaError_t)e)); }
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *m = argc > 1 ? argv[1] : "after_malloc";
  if (!strcmp(m, "after_malloc")) {
    void *p; rep("cudaMalloc (initialises the primary context)", cudaMalloc(&p, 16));
    int devs[1] = {0};
    rep("cudaSetValidDevices({0}, 1)", cudaSetValidDevices(devs, 1));
    rep("cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync)", cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    unsigned f = 0; cudaGetDeviceFlags(&f); printf("cudaGetDeviceFlags -> 0x%x\n", f);
    rep("cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceMapHost)", cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceMapHost));
    cudaGetDeviceFlags(&f); printf("cudaGetDeviceFlags -> 0x%x\n", f);
    rep("cudaMalloc afterwards", cudaMalloc(&p, 16));
  } else {  // a driver-API context current on the thread, no runtime use yet
    CUdevice d; CUcontext c;
    rep("cuInit", cuInit(0)); rep("cuDeviceGet", cuDeviceGet(&d, 0));
    CUctxCreateParams params = {};
    rep("cuCtxCreate (separate context, current)", cuCtxCreate(&c, &params, 0, d));
    int devs[1] = {0};
    rep("cudaSetValidDevices({0}, 1)", cudaSetValidDevices(devs, 1));
    rep("cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync)", cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    void *p; rep("cudaMalloc (runtime uses the current driver context)", cudaMalloc(&p, 16));
  }
  return 0;
}
