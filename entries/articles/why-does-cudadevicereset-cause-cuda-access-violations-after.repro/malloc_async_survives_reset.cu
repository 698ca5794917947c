// 4. The documented exception: cudaDeviceReset does not destroy cudaMallocAsync allocations.
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

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  const size_t bytes = size_t(1) << 30;  // 1 GiB
  size_t free_mem = 0, total = 0;
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory at start: %zu MiB\n", free_mem >> 20);
  void *pooled = nullptr;
  CHECK(cudaMallocAsync(&pooled, bytes, cudaStreamLegacy));
  CHECK(cudaStreamSynchronize(cudaStreamLegacy));
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after cudaMallocAsync: %zu MiB\n", free_mem >> 20);

  CHECK(cudaDeviceReset());  // without freeing `pooled` first
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after the reset: %zu MiB\n", free_mem >> 20);

  CHECK(cudaFreeAsync(pooled, cudaStreamLegacy));  // the explicit free the documentation asks for
  CHECK(cudaStreamSynchronize(cudaStreamLegacy));
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after cudaFreeAsync: %zu MiB\n", free_mem >> 20);
  std::printf("failures: %d\n", failures);
  return failures == 0 ? 0 : 1;
}
