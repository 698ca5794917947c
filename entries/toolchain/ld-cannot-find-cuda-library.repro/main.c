/* A host program linked against the CUDA runtime library (-lcudart). */
#include <stdio.h>
#include <cuda_runtime_api.h>
int main(void) {
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  printf("cudaGetDeviceCount: %s, %d device(s)\n", cudaGetErrorName(err), n);
  return err != cudaSuccess;
}
