// Example 2 of this article before 2026-11-23, verbatim (kept to show whether it compiles).
#include <cuda_runtime.h>

int main() {
  float *d_data;
  size_t size = 1024 * 1024 * sizeof(float);
  cudaStream_t stream;

  cudaStreamCreate(&stream);
  cudaMalloc(&d_data, size);
  // ... some computation using d_data on stream ...

  cudaFreeAsync(d_data, stream); // Asynchronous free on a specific stream

  cudaStreamSynchronize(stream); // Synchronize the stream before reset.

  cudaDeviceReset(); // Now safe to reset

  cudaStreamDestroy(stream);
  return 0;
}
