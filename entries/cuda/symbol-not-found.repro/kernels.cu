__global__ void cpp_kernel(float *x) { x[threadIdx.x] += 1.f; }
extern "C" __global__ void c_kernel(float *x) { x[threadIdx.x] += 2.f; }
