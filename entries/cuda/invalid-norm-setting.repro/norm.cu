// audit9 part 4 (issue #10): which formats cudaCreateTextureObject accepts with cudaReadModeNormalizedFloat on
// CUDA 13, and what a fetch then returns. The runtime reference (cudaCreateTextureObject, readMode) says the
// conversion "applies only to 8-bit and 16-bit integer formats. 32-bit integer format would not be promoted,
// regardless of whether or not ... cudaReadModeNormalizedFloat is specified". Cases: int32, float32 (point and
// linear filtering), and int16 / uint8 as controls; each texture is created, fetched in a kernel and synchronised.
#include <cstdio>
#include <cuda_runtime.h>

#define SHOW(call) do { cudaError_t e_ = (call); \
  printf("    %-40s -> code=%d(%s) %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); } while (0)

__global__ void fetch_int(cudaTextureObject_t t, int *out) { *out = tex1D<int>(t, 0.5f); }
__global__ void fetch_float(cudaTextureObject_t t, float *out, float x) { *out = tex1D<float>(t, x); }

template <typename T>
static cudaArray_t make_array(const T *host, int n) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<T>();
  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &cd, n);
  cudaMemcpy2DToArray(a, 0, 0, host, n * sizeof(T), n * sizeof(T), 1, cudaMemcpyHostToDevice);
  return a;
}

static cudaTextureObject_t make_tex(const char *what, cudaArray_t a, cudaTextureFilterMode f, cudaError_t *e) {
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaTextureDesc td = {}; td.addressMode[0] = cudaAddressModeClamp; td.filterMode = f;
  td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t t = 0;
  *e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  printf("== %s, %s, cudaReadModeNormalizedFloat\n", what, f == cudaFilterModePoint ? "cudaFilterModePoint" : "cudaFilterModeLinear");
  printf("    %-40s -> code=%d(%s) %s\n", "cudaCreateTextureObject", (int)*e, cudaGetErrorName(*e), cudaGetErrorString(*e));
  return t;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  int rt = 0, drv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("device %s (sm_%d%d), runtime %d, driver %d\n", p.name, p.major, p.minor, rt, drv);
  int *d_i; float *d_f; cudaMalloc(&d_i, sizeof(int)); cudaMalloc(&d_f, sizeof(float));
  cudaError_t e;

  int hi[2] = {10, 20};
  cudaArray_t ai = make_array(hi, 2);
  cudaTextureObject_t t = make_tex("1. int32 array {10, 20}", ai, cudaFilterModePoint, &e);
  if (e == cudaSuccess) {
    fetch_int<<<1, 1>>>(t, d_i); SHOW(cudaGetLastError()); SHOW(cudaDeviceSynchronize());
    int v = -1; cudaMemcpy(&v, d_i, sizeof v, cudaMemcpyDeviceToHost);
    printf("    tex1D<int>(t, 0.5f) = %d\n", v);
  }
  SHOW(cudaGetLastError());

  float hf[2] = {1.5f, 3.5f};
  cudaArray_t af = make_array(hf, 2);
  for (int lin = 0; lin < 2; ++lin) {
    t = make_tex("2. float32 array {1.5, 3.5}", af, lin ? cudaFilterModeLinear : cudaFilterModePoint, &e);
    if (e == cudaSuccess) {
      float x = lin ? 1.0f : 0.5f;
      fetch_float<<<1, 1>>>(t, d_f, x); SHOW(cudaGetLastError()); SHOW(cudaDeviceSynchronize());
      float v = -1; cudaMemcpy(&v, d_f, sizeof v, cudaMemcpyDeviceToHost);
      printf("    tex1D<float>(t, %.2ff) = %g\n", x, v);
    }
    SHOW(cudaGetLastError());
  }

  short hs[2] = {16384, 32767};
  cudaArray_t as = make_array(hs, 2);
  t = make_tex("3. int16 array {16384, 32767} (control)", as, cudaFilterModePoint, &e);
  if (e == cudaSuccess) {
    fetch_float<<<1, 1>>>(t, d_f, 0.5f); SHOW(cudaDeviceSynchronize());
    float v = -1; cudaMemcpy(&v, d_f, sizeof v, cudaMemcpyDeviceToHost);
    printf("    tex1D<float>(t, 0.50f) = %g (16384/32767 = %g)\n", v, 16384.0 / 32767.0);
  }

  unsigned char hc[2] = {51, 255};
  cudaArray_t ac = make_array(hc, 2);
  t = make_tex("4. uint8 array {51, 255} (control)", ac, cudaFilterModePoint, &e);
  if (e == cudaSuccess) {
    fetch_float<<<1, 1>>>(t, d_f, 0.5f); SHOW(cudaDeviceSynchronize());
    float v = -1; cudaMemcpy(&v, d_f, sizeof v, cudaMemcpyDeviceToHost);
    printf("    tex1D<float>(t, 0.50f) = %g (51/255 = %g)\n", v, 51.0 / 255.0);
  }
  SHOW(cudaMalloc(&d_i, 4));
  return 0;
}
