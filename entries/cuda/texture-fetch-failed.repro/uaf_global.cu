// review3 control for tex.cu: the same read after cudaFree, but as an ordinary global load. If memcheck reports this
// one and not the texture fetch, memcheck does not see reads through textures.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void rd(const float *p, float *out) { out[0] = p[5]; }
static void report(const char *what, cudaError_t e) {
  printf("%-44s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float *buf, *out;
  report("cudaMalloc(buf)", cudaMalloc(&buf, 256 * sizeof(float)));
  report("cudaMalloc(out)", cudaMalloc(&out, sizeof(float)));
  report("cudaFree(buf)", cudaFree(buf));
  rd<<<1, 1>>>(buf, out); report("global load of buf[5] after cudaFree(buf)", cudaDeviceSynchronize());
  return 0;
}
