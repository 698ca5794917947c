// cuda/invalid-address-space: which code does an atomic on a local variable (generic pointer) give?
#include "common.h"
__global__ void atomic_local(int *out) {
    int x = 0;
    int * volatile p = &x;          // address of a local variable, passed as a generic pointer
    atomicAdd(p, 1);
    out[0] = x;
}
int main() {
    int *d; R(cudaMalloc(&d, 4));
    atomic_local<<<1, 1>>>(d);
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    R(cudaMalloc(&d, 4));
    return 0;
}
