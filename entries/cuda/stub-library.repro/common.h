#include <cstdio>
#include <cuda_runtime.h>
#define R(call) do { cudaError_t e_ = (call); printf("%-60s code=%d(%s) %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); } while (0)
