// audit9 (issue #10): which of the path-loading APIs return CUDA_ERROR_FILE_NOT_FOUND / cudaErrorFileNotFound (301)
// for a path that does not exist. cuda.h 13.0 lists CUDA_ERROR_FILE_NOT_FOUND for cuModuleLoad and cuLinkAddFile,
// but not for cuLibraryLoadFromFile; cuda_runtime_api.h does not list cudaErrorFileNotFound for cudaLibraryLoadFromFile.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

static void drv(const char *what, CUresult r) {
  const char *name = nullptr, *msg = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &msg);
  printf("%-58s -> %d %s (%s)\n", what, (int)r, name ? name : "?", msg ? msg : "?");
}
static void rt(const char *what, cudaError_t e) {
  printf("%-58s -> %d %s (%s)\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

int main() {
  const char *missing = "/nonexistent/kernels.cubin";
  rt("cudaFree(0) (create the primary context)", cudaFree(0));
  CUmodule mod;
  drv("cuModuleLoad(\"/nonexistent/kernels.cubin\")", cuModuleLoad(&mod, missing));
  drv("cuModuleLoad(\"kernels.cubin\") relative, not in cwd", cuModuleLoad(&mod, "kernels.cubin"));
  CUlinkState st;
  drv("cuLinkCreate", cuLinkCreate(0, nullptr, nullptr, &st));
  drv("cuLinkAddFile(CU_JIT_INPUT_CUBIN, missing)", cuLinkAddFile(st, CU_JIT_INPUT_CUBIN, missing, 0, nullptr, nullptr));
  drv("cuLinkAddFile(CU_JIT_INPUT_PTX, missing)", cuLinkAddFile(st, CU_JIT_INPUT_PTX, "/nonexistent/k.ptx", 0, nullptr, nullptr));
  cuLinkDestroy(st);
  CUlibrary lib;
  drv("cuLibraryLoadFromFile(missing)", cuLibraryLoadFromFile(&lib, missing, nullptr, nullptr, 0, nullptr, nullptr, 0));
  cudaLibrary_t rlib;
  rt("cudaLibraryLoadFromFile(missing)", cudaLibraryLoadFromFile(&rlib, missing, nullptr, nullptr, 0, nullptr, nullptr, 0));
  rt("cudaGetLastError() after it", cudaGetLastError());
  void *p = nullptr;
  rt("cudaMalloc(&p, 4) afterwards (context still usable?)", cudaMalloc(&p, 4));
  int v = 0;
  cuDriverGetVersion(&v);
  printf("driver CUDA version %d, runtime built with %d\n", v, CUDART_VERSION);
  return 0;
}
