// Which call returns cudaErrorInvalidFilterSetting (26) on CUDA 13: a texture object with linear filtering on a
// 32-bit integer array read as element type; then the two documented alternatives (point filtering; 8-bit data read
// as normalized float with linear filtering), each created, fetched in a kernel and synchronised.
#include <cstdio>
#include <cuda_runtime.h>

#define SHOW(call) do { cudaError_t e_ = (call); \
  printf("%-58s -> code=%d(%s) %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); } while (0)

__global__ void fetch_int(cudaTextureObject_t t, int *out) { *out = tex1D<int>(t, 0.5f); }
__global__ void fetch_float(cudaTextureObject_t t, float *out) { *out = tex1D<float>(t, 0.75f); }

template <typename T>
static cudaArray_t make_array(const T *host, int n) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<T>();
  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &cd, n);
  cudaMemcpy2DToArray(a, 0, 0, host, n * sizeof(T), n * sizeof(T), 1, cudaMemcpyHostToDevice);
  return a;
}

static cudaTextureObject_t make_tex(cudaArray_t a, cudaTextureFilterMode f, cudaTextureReadMode r, cudaError_t *e) {
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaTextureDesc td = {}; td.addressMode[0] = cudaAddressModeClamp; td.filterMode = f; td.readMode = r;
  cudaTextureObject_t t = 0;
  *e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  return t;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int dev = 0; cudaDeviceProp p; cudaGetDeviceProperties(&p, dev);
  int rt = 0, drv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("device %s (sm_%d%d), runtime %d, driver %d\n", p.name, p.major, p.minor, rt, drv);
  int *d_i; float *d_f; cudaMalloc(&d_i, sizeof(int)); cudaMalloc(&d_f, sizeof(float));

  printf("== 1. int32 array, cudaFilterModeLinear, cudaReadModeElementType\n");
  int hi[2] = {10, 20};
  cudaArray_t ai = make_array(hi, 2);
  cudaError_t e;
  cudaTextureObject_t t1 = make_tex(ai, cudaFilterModeLinear, cudaReadModeElementType, &e);
  printf("cudaCreateTextureObject -> code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  if (e == cudaSuccess) {
    fetch_int<<<1, 1>>>(t1, d_i);
    SHOW(cudaGetLastError());
    SHOW(cudaDeviceSynchronize());
  }
  SHOW(cudaGetLastError());  // is the error left behind? (it is not sticky)

  printf("== 2. the same array, cudaFilterModePoint\n");
  cudaTextureObject_t t2 = make_tex(ai, cudaFilterModePoint, cudaReadModeElementType, &e);
  printf("cudaCreateTextureObject -> code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  fetch_int<<<1, 1>>>(t2, d_i);
  SHOW(cudaDeviceSynchronize());
  int got_i = -1; cudaMemcpy(&got_i, d_i, sizeof(int), cudaMemcpyDeviceToHost);
  printf("tex1D<int>(t, 0.5f) = %d\n", got_i);

  printf("== 3. uint8 array, cudaFilterModeLinear, cudaReadModeNormalizedFloat\n");
  unsigned char hc[2] = {0, 255};
  cudaArray_t ac = make_array(hc, 2);
  cudaTextureObject_t t3 = make_tex(ac, cudaFilterModeLinear, cudaReadModeNormalizedFloat, &e);
  printf("cudaCreateTextureObject -> code=%d(%s)\n", (int)e, cudaGetErrorName(e));
  fetch_float<<<1, 1>>>(t3, d_f);
  SHOW(cudaDeviceSynchronize());
  float got_f = -1; cudaMemcpy(&got_f, d_f, sizeof(float), cudaMemcpyDeviceToHost);
  printf("tex1D<float>(t, 0.75f) = %g (halfway between 0/255 and 255/255)\n", got_f);

  printf("== 4. int32 array, cudaFilterModeLinear, cudaReadModeNormalizedFloat (32-bit cannot be normalized)\n");
  make_tex(ai, cudaFilterModeLinear, cudaReadModeNormalizedFloat, &e);
  printf("cudaCreateTextureObject -> code=%d(%s) %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  return 0;
}
