// Loads a buffer that starts with the ELF magic but is otherwise garbage as a CUDA module, through the runtime and the driver API.
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-34s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void dreport(const char *what, CUresult r) {
  const char *n = "?", *s = "?"; cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%-34s code=%d(%s) %s\n", what, (int)r, n, s);
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  static char image[256];                                  // zero-padded
  memcpy(image, "\x7f" "ELFgarbagegarbagegarbage", 24);
  cudaLibrary_t lib;
  cudaError_t e = cudaLibraryLoadData(&lib, image, nullptr, nullptr, 0, nullptr, nullptr, 0);
  report("cudaLibraryLoadData(garbage ELF)", e);     // lazy loading: the image is parsed on first use
  if (e == cudaSuccess) {
    cudaKernel_t kern;
    e = cudaLibraryGetKernel(&kern, lib, "f");
    report("cudaLibraryGetKernel(lib, \"f\")", e);
    if (e == cudaSuccess) {
      e = cudaLaunchKernel((const void *)kern, dim3(1), dim3(1), nullptr, 0, 0);
      report("cudaLaunchKernel(kern)", e);
    }
  }
  report("cudaFree(0)", cudaFree(0));                      // makes the primary context current
  CUmodule m;
  dreport("cuModuleLoadData(garbage ELF)", cuModuleLoadData(&m, image));
  return e == cudaSuccess ? 0 : 1;
}
