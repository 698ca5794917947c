// audit5 part 1: API behaviour checks for cuda/invalid-memcpy-direction, cuda/invalid-pitch-value,
// cuda/invalid-texture, cuda/unsupported-ptx-version (CUDA 13.0).
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

__device__ int sym;

static void rt(const char* what, cudaError_t e) {
  printf("%-62s -> %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void drv(const char* what, CUresult r) {
  const char *n = nullptr, *s = nullptr;
  cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("%-62s -> %d %s: %s\n", what, (int)r, n ? n : "?", s ? s : "?");
}

int main() {
  int h = 7, back = 0;
  rt("cudaFree(0) (context)", cudaFree(0));
  printf("== memcpy direction on symbol copies\n");
  rt("cudaMemcpyToSymbol(kind=cudaMemcpyHostToDevice)", cudaMemcpyToSymbol(sym, &h, sizeof h, 0, cudaMemcpyHostToDevice));
  rt("cudaMemcpyToSymbol(kind=cudaMemcpyDeviceToHost)", cudaMemcpyToSymbol(sym, &h, sizeof h, 0, cudaMemcpyDeviceToHost));
  rt("cudaMemcpyFromSymbol(kind=cudaMemcpyHostToDevice)", cudaMemcpyFromSymbol(&back, sym, sizeof back, 0, cudaMemcpyHostToDevice));
  rt("cudaMemcpyFromSymbol(kind=cudaMemcpyDeviceToHost)", cudaMemcpyFromSymbol(&back, sym, sizeof back, 0, cudaMemcpyDeviceToHost));
  printf("value read back: %d\n", back);

  printf("== pitch above cudaDevAttrMaxPitch\n");
  int maxPitch = 0;
  rt("cudaDeviceGetAttribute(cudaDevAttrMaxPitch)", cudaDeviceGetAttribute(&maxPitch, cudaDevAttrMaxPitch, 0));
  printf("cudaDevAttrMaxPitch = %d\n", maxPitch);
  char* d = nullptr; static char hbuf[256];
  rt("cudaMalloc(256)", cudaMalloc(&d, 256));
  rt("cudaMemcpy2D(dpitch=64, spitch=64, width=64, height=1)", cudaMemcpy2D(d, 64, hbuf, 64, 64, 1, cudaMemcpyHostToDevice));
  size_t big = (size_t)maxPitch + 64;
  rt("cudaMemcpy2D(dpitch=maxPitch+64, spitch=64, width=64, height=1)", cudaMemcpy2D(d, big, hbuf, 64, 64, 1, cudaMemcpyHostToDevice));
  rt("cudaMemcpy2D(dpitch=64, spitch=maxPitch+64, width=64, height=1)", cudaMemcpy2D(d, 64, hbuf, big, 64, 1, cudaMemcpyHostToDevice));
  rt("cudaMemcpy2D(dpitch=16, spitch=64, width=64, height=1)", cudaMemcpy2D(d, 16, hbuf, 64, 64, 1, cudaMemcpyHostToDevice));

  printf("== texture objects: which codes come back\n");
  cudaResourceDesc rd; memset(&rd, 0, sizeof rd);
  cudaTextureObject_t bogus = 12345;
  rt("cudaGetTextureObjectResourceDesc(never-created handle 12345)", cudaGetTextureObjectResourceDesc(&rd, bogus));
  rt("cudaDestroyTextureObject(never-created handle 12345)", cudaDestroyTextureObject(bogus));
  cudaTextureDesc td; memset(&td, 0, sizeof td); td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  rd.resType = cudaResourceTypeArray; rd.res.array.array = nullptr;
  rt("cudaCreateTextureObject(array resource, array = NULL)", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  memset(&rd, 0, sizeof rd); rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float>(); rd.res.linear.sizeInBytes = 256;
  rt("cudaCreateTextureObject(linear, 256 B of float)", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  rt("cudaDestroyTextureObject(t)", cudaDestroyTextureObject(t));
  rt("cudaDestroyTextureObject(t) again", cudaDestroyTextureObject(t));
  rt("cudaGetTextureObjectResourceDesc(destroyed t)", cudaGetTextureObjectResourceDesc(&rd, t));

  printf("== PTX with an ISA version newer than this driver's JIT\n");
  int dv = 0; cudaDriverGetVersion(&dv); printf("cudaDriverGetVersion = %d\n", dv);
  const char* fmt =
    ".version %s\n.target sm_90\n.address_size 64\n"
    ".visible .entry k(.param .u64 p) { ret; }\n";
  const char* vers[] = {"9.0", "9.1", "9.5", "10.0"};
  for (const char* v : vers) {
    char ptx[512]; snprintf(ptx, sizeof ptx, fmt, v);
    CUmodule m = nullptr; char what[80]; snprintf(what, sizeof what, "cuModuleLoadData(PTX .version %s, .target sm_90)", v);
    CUresult r = cuModuleLoadData(&m, ptx);
    drv(what, r);
    if (r == CUDA_SUCCESS) cuModuleUnload(m);
  }
  rt("cudaGetLastError() at the end", cudaGetLastError());
  return 0;
}
