// 3. The order that works: finish and free, synchronize, destroy your own handles, then reset (if at all).
#include <cstdio>
#include <cuda_runtime.h>

static int failures = 0;
// Prints every call and its result; counts failures instead of exiting, so the output shows what happens next.
#define CHECK(call) check((call), #call, __LINE__)
static cudaError_t check(cudaError_t err, const char *call, int line) {
  std::printf("line %3d: %-52s -> %s: %s\n", line, call, cudaGetErrorName(err), cudaGetErrorString(err));
  if (err != cudaSuccess) ++failures;
  return err;
}

__global__ void fill(float *data, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    data[i] = 1.0f;
}

// Allocates, uses and frees 1 GiB on a stream of its own; destroys the stream before returning.
static void work() {
  const size_t n = size_t(1) << 28;  // 2^28 floats = 1 GiB
  cudaStream_t stream = nullptr;
  float *data = nullptr;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaMallocAsync(&data, n * sizeof(float), stream));
  fill<<<264, 1024, 0, stream>>>(data, n);
  CHECK(cudaGetLastError());
  CHECK(cudaFreeAsync(data, stream));    // returns to the pool when the stream reaches it
  CHECK(cudaStreamSynchronize(stream));  // the kernel and the free have completed
  CHECK(cudaStreamDestroy(stream));      // destroyed before any reset; never used again
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  size_t free_mem = 0, total = 0;
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory at start: %zu MiB\n", free_mem >> 20);
  work();
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after work(): %zu MiB\n", free_mem >> 20);

  CHECK(cudaDeviceReset());  // nothing created before this line is used after it
  work();                    // new stream, new allocation: all created after the reset

  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after the second work(): %zu MiB\n", free_mem >> 20);
  CHECK(cudaDeviceReset());  // the program's last CUDA call: a clean end for profilers and leak checkers
  std::printf("failures: %d\n", failures);
  return failures == 0 ? 0 : 1;
}
