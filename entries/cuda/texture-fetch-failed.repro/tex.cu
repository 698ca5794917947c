// review3: reads through a texture object outside its range and after its memory was freed; run under memcheck
// to see whether compute-sanitizer reports texture reads (cuda/texture-fetch-failed, cuda/texture-not-bound).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__global__ void rd(cudaTextureObject_t t, int i, float *out) { out[0] = tex1Dfetch<float>(t, i); }
static void report(const char *what, cudaError_t e) {
  printf("%-44s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const int n = 256; float *buf, *out; float h[n]; for (int i = 0; i < n; i++) h[i] = 7.f;
  report("cudaMalloc(buf)", cudaMalloc(&buf, n * sizeof(float)));
  report("cudaMalloc(out)", cudaMalloc(&out, sizeof(float)));
  cudaMemcpy(buf, h, sizeof h, cudaMemcpyHostToDevice);
  cudaResourceDesc rd_; memset(&rd_, 0, sizeof rd_);
  rd_.resType = cudaResourceTypeLinear; rd_.res.linear.devPtr = buf;
  rd_.res.linear.desc = cudaCreateChannelDesc<float>(); rd_.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td; memset(&td, 0, sizeof td); td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t; report("cudaCreateTextureObject", cudaCreateTextureObject(&t, &rd_, &td, nullptr));
  float v;
  rd<<<1, 1>>>(t, 5, out); report("fetch index 5 (in range)", cudaDeviceSynchronize());
  cudaMemcpy(&v, out, 4, cudaMemcpyDeviceToHost); printf("  value %g\n", v);
  rd<<<1, 1>>>(t, 1000000, out); report("fetch index 1000000 (out of range)", cudaDeviceSynchronize());
  cudaMemcpy(&v, out, 4, cudaMemcpyDeviceToHost); printf("  value %g\n", v);
  report("cudaFree(buf) with the texture object alive", cudaFree(buf));
  rd<<<1, 1>>>(t, 5, out); report("fetch index 5 after cudaFree(buf)", cudaDeviceSynchronize());
  cudaMemcpy(&v, out, 4, cudaMemcpyDeviceToHost); printf("  value %g\n", v);
  report("cudaDestroyTextureObject", cudaDestroyTextureObject(t));
  return 0;
}
