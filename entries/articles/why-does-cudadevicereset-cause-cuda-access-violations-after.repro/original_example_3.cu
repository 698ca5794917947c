// Example 3 of this article before 2026-11-23, verbatim (kept to show whether it compiles).
#include <cuda_runtime.h>

int main() {
  float *d_data;
  size_t size = 1024 * 1024 * sizeof(float);

  cudaMalloc(&d_data, size);
  // ... some computation using d_data ...

  cudaFreeAsync(d_data); // Asynchronous free

  cudaDeviceSynchronize(); // Synchronize the entire device before reset.

  cudaDeviceReset(); // Now safe to reset

  return 0;
}
