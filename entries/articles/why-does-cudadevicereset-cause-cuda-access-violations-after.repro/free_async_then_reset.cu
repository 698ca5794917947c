// 1. cudaFreeAsync, then cudaDeviceReset with no synchronization in between.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int failures = 0;
// Prints every call and its result; counts failures instead of exiting, so the output shows what happens next.
#define CHECK(call) check((call), #call, __LINE__)
static cudaError_t check(cudaError_t err, const char *call, int line) {
  std::printf("line %3d: %-52s -> %s: %s\n", line, call, cudaGetErrorName(err), cudaGetErrorString(err));
  if (err != cudaSuccess) ++failures;
  return err;
}

// Keeps the GPU busy for about `ns` nanoseconds, writes the buffer, then sets *done = 1 in host memory.
__global__ void busy_then_write(float *data, size_t n, volatile int *done, unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ns);
  for (size_t i = threadIdx.x; i < n; i += blockDim.x) data[i] = 1.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence_system();
    *done = 1;
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // unbuffered: nothing is lost if the process crashes
  const size_t n = size_t(1) << 28;           // 2^28 floats = 1 GiB
  size_t free_mem = 0, total = 0;
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory at start: %zu MiB\n", free_mem >> 20);

  // A flag in ordinary host memory, registered so the kernel can write it; it stays readable after the reset.
  int *done = static_cast<int *>(std::calloc(1, sizeof(int)));
  CHECK(cudaHostRegister(done, sizeof(int), cudaHostRegisterDefault));

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  float *data = nullptr;
  CHECK(cudaMallocAsync(&data, n * sizeof(float), stream));
  busy_then_write<<<1, 1024, 0, stream>>>(data, n, done, 500000000ull);  // about 0.5 s
  CHECK(cudaGetLastError());
  CHECK(cudaFreeAsync(data, stream));  // queued behind the kernel
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory before the reset: %zu MiB; kernel finished: %d\n", free_mem >> 20,
              *(volatile int *)done);

  auto t0 = std::chrono::steady_clock::now();
  CHECK(cudaDeviceReset());  // no synchronization before it
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("cudaDeviceReset returned after %.0f ms; kernel finished: %d\n", ms, *(volatile int *)done);

  // stream and data belonged to the destroyed context: they are never used again. New work runs normally.
  CHECK(cudaMemGetInfo(&free_mem, &total));
  std::printf("free device memory after the reset: %zu MiB\n", free_mem >> 20);
  float *fresh = nullptr;
  CHECK(cudaMalloc(&fresh, n * sizeof(float)));
  CHECK(cudaMemset(fresh, 0, n * sizeof(float)));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(fresh));
  std::printf("failures: %d\n", failures);
  return failures == 0 ? 0 : 1;
}
