// Loads PTX text with an unknown instruction; the JIT compiler rejects it and the error log says why.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-34s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void dreport(const char *what, CUresult r) {
  const char *n = "?", *s = "?"; cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%-34s code=%d(%s) %s\n", what, (int)r, n, s);
}
static const char *ptx =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry f()\n{\n  bogus_instruction;\n  ret;\n}\n";
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaLibrary_t lib;
  cudaError_t e = cudaLibraryLoadData(&lib, ptx, nullptr, nullptr, 0, nullptr, nullptr, 0);
  report("cudaLibraryLoadData(bad PTX)", e);         // lazy loading: the PTX is compiled on first use
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
  char log[4096] = {0};
  CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *val[] = {log, (void *)(size_t)sizeof log};
  CUmodule m;
  dreport("cuModuleLoadDataEx(bad PTX)", cuModuleLoadDataEx(&m, ptx, 2, opt, val));
  printf("JIT error log: %s\n", log);
  return e == cudaSuccess ? 0 : 1;
}
