// cuda/invalid-surface: can surface objects return cudaErrorInvalidSurface (37)?
#include "common.h"
__global__ void w(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 0, 0); }
int main() {
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t plain, ls;
    R(cudaMallocArray(&plain, &d, 16, 16));
    R(cudaMallocArray(&ls, &d, 16, 16, cudaArraySurfaceLoadStore));
    cudaResourceDesc r = {}; r.resType = cudaResourceTypeArray;
    cudaSurfaceObject_t s = 0;
    r.res.array.array = plain;
    R(cudaCreateSurfaceObject(&s, &r));
    cudaResourceDesc lin = {}; lin.resType = cudaResourceTypeLinear;
    R(cudaCreateSurfaceObject(&s, &lin));
    R(cudaDestroySurfaceObject((cudaSurfaceObject_t)123456));
    cudaResourceDesc out;
    R(cudaGetSurfaceObjectResourceDesc(&out, (cudaSurfaceObject_t)123456));
    r.res.array.array = ls;
    R(cudaCreateSurfaceObject(&s, &r));
    w<<<1,1>>>(s); R(cudaGetLastError()); R(cudaDeviceSynchronize());
    w<<<1,1>>>((cudaSurfaceObject_t)123456); R(cudaGetLastError()); R(cudaDeviceSynchronize());
    return 0;
}
