// review12 (issue #10): does the page's grid sizing (occupancy per SM x cudaDevAttrMultiProcessorCount) stay within
// the cooperative limit when the process is an MPS client with CUDA_MPS_ACTIVE_THREAD_PERCENTAGE set?
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out) { cg::this_grid().sync(); if (blockIdx.x == 0 && threadIdx.x == 0) *out = gridDim.x; }
static void launch(const char *what, int blocks, int threads, int *d) {
  void *args[] = {&d};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)k, dim3(blocks), dim3(threads), args, 0, 0);
  cudaError_t s = cudaDeviceSynchronize();
  cudaError_t l = cudaGetLastError();
  printf("%-28s grid %5d: launch %d (%s), sync %d, last %d\n", what, blocks, (int)e, cudaGetErrorName(e), (int)s, (int)l);
}
int main() {
  int dev = 0, sms = 0, perSM = 0, coop = 0, threads = 256; int *d = nullptr;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, k, threads, 0);
  cudaDeviceProp p; cudaGetDeviceProperties(&p, dev);
  printf("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=%s\n", getenv("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE") ? getenv("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE") : "(unset)");
  printf("cudaDevAttrMultiProcessorCount %d, prop.multiProcessorCount %d, cooperativeLaunch %d, blocks/SM %d (256 threads)\n", sms, p.multiProcessorCount, coop, perSM);
  cudaMalloc(&d, sizeof(int));
  launch("perSM*sms (page's sizing)", perSM * sms, threads, d);
  launch("perSM*sms + 1", perSM * sms + 1, threads, d);
  launch("perSM*132 (full H200)", perSM * 132, threads, d);
  return 0;
}
