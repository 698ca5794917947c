// review5 T4: is a pitch above cudaDevAttrMaxPitch refused when the copy has more than one row?
// (cuda/invalid-pitch-value: "larger than the device's maximum pitch"; its stored run only tried height 1, which succeeded)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void rt(const char* w, cudaError_t e) { printf("%-66s -> %d %s\n", w, (int)e, cudaGetErrorName(e)); cudaGetLastError(); }
int main() {
  int mp = 0; cudaDeviceGetAttribute(&mp, cudaDevAttrMaxPitch, 0); printf("cudaDevAttrMaxPitch = %d\n", mp);
  size_t big = (size_t)mp + 64;
  char* d = nullptr; rt("cudaMalloc(maxPitch + 256)", cudaMalloc(&d, big + 256));
  static char h[256];
  rt("cudaMemcpy2D H2D dpitch=maxPitch+64 spitch=64 width=64 height=2", cudaMemcpy2D(d, big, h, 64, 64, 2, cudaMemcpyHostToDevice));
  rt("cudaMemcpy2D H2D dpitch=maxPitch    spitch=64 width=64 height=2", cudaMemcpy2D(d, (size_t)mp, h, 64, 64, 2, cudaMemcpyHostToDevice));
  char* hb = (char*)malloc(big + 256);
  rt("cudaMemcpy2D D2H dpitch=maxPitch+64 spitch=64 width=64 height=2", cudaMemcpy2D(hb, big, d, 64, 64, 2, cudaMemcpyDeviceToHost));
  rt("cudaMemcpy2D D2D dpitch=64 spitch=maxPitch+64 width=64 height=2", cudaMemcpy2D(d, 64, d, big, 64, 2, cudaMemcpyDeviceToDevice));
  rt("cudaMemset2D pitch=maxPitch+64 width=64 height=2", cudaMemset2D(d, big, 0, 64, 2));
  rt("cudaMemcpy2D H2D dpitch=16 spitch=64 width=64 height=2 (reference: 12)", cudaMemcpy2D(d, 16, h, 64, 64, 2, cudaMemcpyHostToDevice));
  rt("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
