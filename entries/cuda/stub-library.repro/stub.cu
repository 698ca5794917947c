// cuda/stub-library: what a process gets when the toolkit's stub libcuda is on the library path
#include "common.h"
int main() { int n = -1; R(cudaGetDeviceCount(&n)); printf("count=%d\n", n); return 0; }
