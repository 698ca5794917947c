// JIT-links a one-instruction kernel to a cubin, overwrites its first 16-byte SASS instruction with 0xFF bytes
// (no valid encoding), loads and launches it: the sync returns 715 and the error is sticky.
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>
static void report(const char *what, cudaError_t e) {
  printf("%-28s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void dreport(const char *what, CUresult r) {
  const char *n = "?", *s = "?"; cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%-28s code=%d(%s) %s\n", what, (int)r, n, s);
}
static const char *ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n  ret;\n}\n";
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  report("cudaFree(0)", cudaFree(0));                      // makes the primary context current
  CUlinkState ls; void *cubin; size_t size;
  dreport("cuLinkCreate", cuLinkCreate(0, nullptr, nullptr, &ls));
  dreport("cuLinkAddData(PTX)", cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx, strlen(ptx) + 1, "k.ptx", 0, nullptr, nullptr));
  dreport("cuLinkComplete", cuLinkComplete(ls, &cubin, &size));
  std::vector<char> img((char *)cubin, (char *)cubin + size);
  auto *eh = (Elf64_Ehdr *)img.data();
  auto *sh = (Elf64_Shdr *)(img.data() + eh->e_shoff);
  const char *names = img.data() + sh[eh->e_shstrndx].sh_offset;
  for (int i = 0; i < eh->e_shnum; i++)
    if (!strcmp(names + sh[i].sh_name, ".text.k")) {
      printf("patching section .text.k: %zu bytes of SASS, first instruction -> 0xFF x16\n", (size_t)sh[i].sh_size);
      memset(img.data() + sh[i].sh_offset, 0xFF, 16);
    }
  CUmodule m; CUfunction f;
  dreport("cuModuleLoadData(patched)", cuModuleLoadData(&m, img.data()));
  dreport("cuModuleGetFunction(k)", cuModuleGetFunction(&f, m, "k"));
  dreport("cuLaunchKernel(k)", cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr));
  cudaError_t e = cudaDeviceSynchronize();
  report("cudaDeviceSynchronize", e);
  void *q; report("cudaMalloc afterwards", cudaMalloc(&q, 4));
  return e == cudaSuccess ? 0 : 1;
}
