// A kernel that calls a __device__ function defined in another translation unit (scale.cu).
#include <cstdio>
extern __device__ float scale(float v);
__global__ void apply(float* x) { x[threadIdx.x] = scale(x[threadIdx.x]); }
int main() {
  float h[4] = {1, 2, 3, 4}, *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  apply<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%s: %g %g %g %g\n", cudaGetErrorString(cudaGetLastError()), h[0], h[1], h[2], h[3]);
  return 0;
}
