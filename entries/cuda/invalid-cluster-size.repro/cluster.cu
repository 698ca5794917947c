// cuda/invalid-cluster-size: grid not a multiple of the cluster, clusters above 8 and 16
#include "common.h"
__global__ void k(int *o) { if (o) o[blockIdx.x] = 1; }
static cudaError_t launch(int grid, int cluster) {
    cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
    cfg.gridDim = dim3(grid); cfg.blockDim = dim3(32);
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = cluster; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    cfg.attrs = at; cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, k, (int *)nullptr);
}
static cudaError_t occ(int cluster, int *n) {
    cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
    cfg.gridDim = dim3(cluster * 4); cfg.blockDim = dim3(32);
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = cluster; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    cfg.attrs = at; cfg.numAttrs = 1;
    return cudaOccupancyMaxActiveClusters(n, k, &cfg);
}
int main() {
    int n = -1;
    R(launch(3, 2));  R(cudaGetLastError()); R(cudaDeviceSynchronize());
    R(launch(4, 2));  R(cudaDeviceSynchronize());
    R(launch(16, 16)); R(cudaGetLastError()); R(cudaDeviceSynchronize());
    R(occ(16, &n)); printf("maxActiveClusters(16) n=%d\n", n);
    R(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    R(launch(16, 16)); R(cudaDeviceSynchronize());
    R(launch(32, 32)); R(cudaGetLastError()); R(cudaDeviceSynchronize());
    n = -1; R(occ(32, &n)); printf("maxActiveClusters(32) n=%d\n", n);
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(64); cfg.blockDim = dim3(32);
    n = -1; R(cudaOccupancyMaxPotentialClusterSize(&n, k, &cfg)); printf("maxPotentialClusterSize n=%d\n", n);
    R(launch(8, 8)); R(cudaDeviceSynchronize());
    return 0;
}
