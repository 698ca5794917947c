// Which code do the symbol APIs return when the module holding the symbol has no code for this GPU?
// Built twice by the tested.tsv row: noarch_bin with sm_80 SASS only (no PTX; the H200 is sm_90), and
// match_bin with sm_90 (control). Each binary runs with the default lazy loading and with CUDA_MODULE_LOADING=EAGER.
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coeffs[16];
__device__ int dv;

__global__ void k(float *out) { out[0] = coeffs[0] + dv; }

static void show(const char *what, cudaError_t e) {
  printf("%-44s -> %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

int main() {
  cudaDeviceProp p;
  show("cudaGetDeviceProperties", cudaGetDeviceProperties(&p, 0));
  printf("device: %s, compute capability %d.%d\n", p.name, p.major, p.minor);
  float h[16] = {1.0f};
  show("cudaMemcpyToSymbol(coeffs)", cudaMemcpyToSymbol(coeffs, h, sizeof(h)));
  void *addr = nullptr;
  show("cudaGetSymbolAddress(&addr, dv)", cudaGetSymbolAddress(&addr, dv));
  size_t sz = 0;
  show("cudaGetSymbolSize(&sz, coeffs)", cudaGetSymbolSize(&sz, coeffs));
  float *out = nullptr;
  show("cudaMalloc", cudaMalloc(&out, sizeof(float)));
  k<<<1, 1>>>(out);
  show("kernel launch (cudaGetLastError)", cudaGetLastError());
  show("cudaDeviceSynchronize", cudaDeviceSynchronize());
  show("cudaMalloc after (sticky?)", cudaMalloc(&out, sizeof(float)));
  return 0;
}
