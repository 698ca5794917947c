// cuda/invalid-channel-descriptor: 7-bit channel, 3-channel formats
#include "common.h"
int main() {
    cudaArray_t a;
    cudaChannelFormatDesc d7 = cudaCreateChannelDesc(7, 0, 0, 0, cudaChannelFormatKindUnsigned);
    R(cudaMallocArray(&a, &d7, 64, 64));
    cudaChannelFormatDesc f3 = cudaCreateChannelDesc<float3>();
    printf("float3 desc: x=%d y=%d z=%d w=%d f=%d\n", f3.x, f3.y, f3.z, f3.w, (int)f3.f);
    R(cudaMallocArray(&a, &f3, 64, 64));
    cudaChannelFormatDesc u3 = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
    R(cudaMallocArray(&a, &u3, 64, 64));
    cudaChannelFormatDesc mix = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
    R(cudaMallocArray(&a, &mix, 64, 64));
    cudaChannelFormatDesc badkind = cudaCreateChannelDesc(32, 0, 0, 0, (cudaChannelFormatKind)77);
    R(cudaMallocArray(&a, &badkind, 64, 64));
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    R(cudaMallocArray(&a, &f4, 64, 64));
    R(cudaFreeArray(a));
    R(cudaDeviceSynchronize());
    return 0;
}
