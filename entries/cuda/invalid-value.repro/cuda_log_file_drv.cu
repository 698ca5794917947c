// Driver-API cases for the same run (see cuda_log_file.cu): a call without a current context, the runtime with a
// non-primary context current, and green-context resource requests that cannot be met.
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

static void rt(const char* what, cudaError_t e) {
  printf("%s -> %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void drv(const char* what, CUresult r) {
  const char *n = nullptr, *s = nullptr; cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%s -> %d %s: %s\n", what, (int)r, n ? n : "?", s ? s : "?");
}
__global__ void k(float* p) { if (p) p[threadIdx.x] += 1.f; }

int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char* c = argc > 1 ? argv[1] : "";
  drv("cuInit", cuInit(0));
  CUdevice dev; drv("cuDeviceGet(0)", cuDeviceGet(&dev, 0));
  if (!strcmp(c, "noctx")) {
    CUdeviceptr p; drv("cuMemAlloc with no current context", cuMemAlloc(&p, 1024));
  } else if (!strcmp(c, "nonprimary")) {
    CUcontext ctx;
    drv("cuCtxCreate (non-primary)", cuCtxCreate(&ctx, nullptr, 0, dev));
    float* d; rt("cudaMalloc with the non-primary context current", cudaMalloc(&d, 1024));
    k<<<1, 32>>>(d); rt("kernel launch, then cudaDeviceSynchronize", cudaDeviceSynchronize());
    CUcontext cur = nullptr; cuCtxGetCurrent(&cur);
    printf("current context is the created one: %s\n", cur == ctx ? "yes" : "no");
  } else if (!strcmp(c, "green")) {
    CUdevResource sm; drv("cuDeviceGetDevResource(SM)", cuDeviceGetDevResource(dev, &sm, CU_DEV_RESOURCE_TYPE_SM));
    printf("smCount: %u\n", sm.sm.smCount);
    CUdevResource res[4]; unsigned int n = 4;
    drv("cuDevSmResourceSplitByCount(minCount=1000)", cuDevSmResourceSplitByCount(res, &n, &sm, nullptr, 0, 1000));
    CUdevResource bad; drv("cuDeviceGetDevResource(type 99)", cuDeviceGetDevResource(dev, &bad, (CUdevResourceType)99));
  } else {
    printf("unknown case '%s'\n", c); return 2;
  }
  return 0;
}
