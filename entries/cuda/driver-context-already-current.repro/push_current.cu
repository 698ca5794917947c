// Pushes a context that is already current to the thread (what CUDA 3.1 and earlier answered with
// CUDA_ERROR_CONTEXT_ALREADY_CURRENT, 202) and pops the stack one time more than it was pushed.
#include <cstdio>
#include <cuda.h>
static void r(const char *what, CUresult e) {
  const char *n = "?", *s = "?";
  cuGetErrorName(e, &n); cuGetErrorString(e, &s);
  printf("%-46s code=%d(%s) %s\n", what, (int)e, n, s);
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int v = 0; cuDriverGetVersion(&v); printf("cuDriverGetVersion: %d\n", v);
  r("cuInit", cuInit(0));
  CUdevice d; r("cuDeviceGet(0)", cuDeviceGet(&d, 0));
  CUcontext ctx, cur = nullptr, popped;
  r("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&ctx, d));
  r("cuCtxPushCurrent(ctx) [nothing current]", cuCtxPushCurrent(ctx));
  CUresult again = cuCtxPushCurrent(ctx);
  r("cuCtxPushCurrent(ctx) [ctx already current]", again);
  cuCtxGetCurrent(&cur); printf("current context is ctx: %s\n", cur == ctx ? "yes" : "no");
  r("cuCtxPopCurrent #1", cuCtxPopCurrent(&popped));
  cuCtxGetCurrent(&cur); printf("after pop #1, current context is ctx: %s\n", cur == ctx ? "yes" : "no");
  r("cuCtxPopCurrent #2", cuCtxPopCurrent(&popped));
  cur = nullptr; cuCtxGetCurrent(&cur); printf("after pop #2, current context: %s\n", cur ? "a context" : "none");
  r("cuCtxPopCurrent #3 [one pop too many]", cuCtxPopCurrent(&popped));
  return again == CUDA_SUCCESS ? 0 : 1;
}
