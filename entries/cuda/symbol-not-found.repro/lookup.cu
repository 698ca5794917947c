// review3: look a kernel up by name in a cubin (driver API) and in a library (runtime API): plain C++ name vs extern "C".
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
#include <vector>
#include <fstream>
#include <iterator>
static void dreport(const char *what, CUresult r) {
  const char *n = "?", *s = "?"; cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%-52s code=%d(%s) %s\n", what, (int)r, n, s);
}
static void report(const char *what, cudaError_t e) {
  printf("%-52s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  std::ifstream f(argv[1], std::ios::binary);
  std::vector<char> img((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  report("cudaFree(0)", cudaFree(0));
  CUmodule m; dreport("cuModuleLoadData(kernels.cubin)", cuModuleLoadData(&m, img.data()));
  CUfunction fn;
  dreport("cuModuleGetFunction(\"cpp_kernel\") [C++ name]", cuModuleGetFunction(&fn, m, "cpp_kernel"));
  dreport("cuModuleGetFunction(\"_Z10cpp_kernelPf\") [mangled]", cuModuleGetFunction(&fn, m, "_Z10cpp_kernelPf"));
  dreport("cuModuleGetFunction(\"c_kernel\") [extern \"C\"]", cuModuleGetFunction(&fn, m, "c_kernel"));
  CUdeviceptr d; size_t sz;
  dreport("cuModuleGetGlobal(\"no_such_var\")", cuModuleGetGlobal(&d, &sz, m, "no_such_var"));
  cudaLibrary_t lib; report("cudaLibraryLoadData(kernels.cubin)", cudaLibraryLoadData(&lib, img.data(), 0, 0, 0, 0, 0, 0));
  cudaKernel_t k;
  report("cudaLibraryGetKernel(\"cpp_kernel\")", cudaLibraryGetKernel(&k, lib, "cpp_kernel"));
  report("cudaLibraryGetKernel(\"c_kernel\")", cudaLibraryGetKernel(&k, lib, "c_kernel"));
  return 0;
}
