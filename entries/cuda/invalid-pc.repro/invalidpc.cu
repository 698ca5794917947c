// What a jump to bad code returns (cuda/invalid-pc). Mode in argv[1]; one fault per process.
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <new>
#include <cuda_runtime.h>
static void rep(const char *w, cudaError_t e) { printf("%-40s -> %d %s\n", w, (int)e, cudaGetErrorName(e)); }
typedef float (*fn_t)(float);
__device__ float twice(float x) { return 2 * x; }
float host_twice(float x) { return 2 * x; }
struct Base { __host__ __device__ virtual float f(float x) { return x; } };
struct Derived : Base { __host__ __device__ float f(float x) override { return 3 * x; } };
__global__ void call_ptr(fn_t f, float *out) { out[0] = f(1.0f); }
__global__ void call_virtual(Base *b, float *out) { out[0] = b->f(1.0f); }
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *m = argc > 1 ? argv[1] : "small";
  float *out; cudaMalloc(&out, 4);
  if (!strcmp(m, "small")) call_ptr<<<1, 1>>>((fn_t)(uintptr_t)0x1234, out);
  else if (!strcmp(m, "host_fn")) call_ptr<<<1, 1>>>(host_twice, out);
  else if (!strcmp(m, "virtual_from_host")) {
    Derived h; Base *d; cudaMalloc(&d, sizeof(Derived));
    cudaMemcpy(d, &h, sizeof(Derived), cudaMemcpyHostToDevice);  // vtable pointer is a host address
    call_virtual<<<1, 1>>>(d, out);
  }
  rep("launch", cudaGetLastError());
  rep("cudaDeviceSynchronize", cudaDeviceSynchronize());
  void *q; rep("cudaMalloc afterwards", cudaMalloc(&q, 4));
  return 0;
}
