// cuda/unsupported-exec-affinity (audit9, issue #10): which driver calls return 224
// (CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY) on a GPU that is not shared through MPS.
// CUDA 13.0 cuda.h lists 224 only for cuCtxGetExecAffinity; cuCtxCreate documents SM-count affinity as
// "only supported under Volta+ MPS" and lists CUDA_ERROR_NOT_SUPPORTED / CUDA_ERROR_INVALID_VALUE.
// Build: nvcc -o exec_affinity exec_affinity.cu -lcuda (libcuda from the driver, or the toolkit stub at link time)
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

static void show(const char *what, CUresult r) {
  const char *name = nullptr, *str = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &str);
  printf("%-62s code=%d(%s) %s\n", what, (int)r, name ? name : "?", str ? str : "?");
}

int main() {
  show("cuInit(0)", cuInit(0));
  CUdevice dev;
  show("cuDeviceGet(&dev, 0)", cuDeviceGet(&dev, 0));
  char name[256] = {0};
  cuDeviceGetName(name, sizeof name, dev);
  int mps = -1;
  cuDeviceGetAttribute(&mps, CU_DEVICE_ATTRIBUTE_MPS_ENABLED, dev);
  printf("device: %s, CU_DEVICE_ATTRIBUTE_MPS_ENABLED=%d\n", name, mps);

  int ok = -1;
  show("cuDeviceGetExecAffinitySupport(&ok, SM_COUNT, dev)",
       cuDeviceGetExecAffinitySupport(&ok, CU_EXEC_AFFINITY_TYPE_SM_COUNT, dev));
  printf("  SM_COUNT affinity supported: %d\n", ok);

  // 1. Create a context that asks for an SM-count limit.
  for (unsigned sms : {8u, 1u}) {
    CUexecAffinityParam p = {};
    p.type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
    p.param.smCount.val = sms;
    CUctxCreateParams cp = {};
    cp.execAffinityParams = &p;
    cp.numExecAffinityParams = 1;
    CUcontext ctx = nullptr;
    char what[96];
    snprintf(what, sizeof what, "cuCtxCreate(&ctx, {SM_COUNT %u}, 0, dev)", sms);
    CUresult r = cuCtxCreate(&ctx, &cp, 0, dev);
    show(what, r);
    if (r == CUDA_SUCCESS) {
      CUexecAffinityParam got = {};
      show("  cuCtxGetExecAffinity(&got, SM_COUNT) on it", cuCtxGetExecAffinity(&got, CU_EXEC_AFFINITY_TYPE_SM_COUNT));
      printf("  granted SM count: %u\n", got.param.smCount.val);
      cuCtxDestroy(ctx);
    }
  }

  // 2. A plain context, then ask for its affinity.
  CUcontext plain = nullptr;
  show("cuCtxCreate(&plain, nullptr, 0, dev)", cuCtxCreate(&plain, nullptr, 0, dev));
  CUexecAffinityParam got = {};
  CUresult r = cuCtxGetExecAffinity(&got, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
  show("cuCtxGetExecAffinity(&got, SM_COUNT) on a plain context", r);
  if (r == CUDA_SUCCESS) printf("  SM count reported: %u\n", got.param.smCount.val);
  show("cuCtxDestroy(plain)", cuCtxDestroy(plain));

  // 3. The runtime's primary context.
  printf("cudaFree(0) -> %d\n", (int)cudaFree(0));
  got = {};
  r = cuCtxGetExecAffinity(&got, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
  show("cuCtxGetExecAffinity(&got, SM_COUNT) on the primary context", r);
  if (r == CUDA_SUCCESS) printf("  SM count reported: %u\n", got.param.smCount.val);
  int sms = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  printf("device SM count: %d\n", sms);
  return 0;
}
