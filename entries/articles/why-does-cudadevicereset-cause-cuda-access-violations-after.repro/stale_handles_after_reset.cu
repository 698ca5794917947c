// 2. Handles and pointers created before cudaDeviceReset, used after it.
// Usage: ./stale_handles_after_reset MODE, where MODE is one of the names in the if/else chain below.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
// Prints every call and its result; counts failures instead of exiting, so the output shows what happens next.
#define CHECK(call) check((call), #call, __LINE__)
static cudaError_t check(cudaError_t err, const char *call, int line) {
  std::printf("line %3d: %-52s -> %s: %s\n", line, call, cudaGetErrorName(err), cudaGetErrorString(err));
  if (err != cudaSuccess) ++failures;
  return err;
}

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = 1.0f;
}

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // unbuffered: nothing is lost if the process crashes
  const char *mode = argc > 1 ? argv[1] : "sync";
  const int n = 1 << 20;
  cudaStream_t stream;
  cudaEvent_t event;
  float *plain = nullptr, *pooled = nullptr;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventCreate(&event));
  CHECK(cudaMalloc(&plain, n * sizeof(float)));
  CHECK(cudaMallocAsync(&pooled, n * sizeof(float), stream));
  fill<<<n / 256, 256, 0, stream>>>(plain, n);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(event, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaDeviceReset());  // destroys stream, event and plain; pooled is a cudaMallocAsync allocation

  std::printf("mode: %s\n", mode);
  if (!std::strcmp(mode, "sync")) {  // the old stream, first call after the reset
    CHECK(cudaStreamSynchronize(stream));
  } else if (!std::strcmp(mode, "reinit-then-sync")) {  // another call re-creates the context first
    CHECK(cudaFree(nullptr));
    CHECK(cudaStreamSynchronize(stream));
  } else if (!std::strcmp(mode, "destroy")) {  // destroying the old stream after the reset
    CHECK(cudaStreamDestroy(stream));
  } else if (!std::strcmp(mode, "event")) {  // the old event
    CHECK(cudaEventQuery(event));
  } else if (!std::strcmp(mode, "free-async")) {  // freeing on the old stream
    CHECK(cudaFreeAsync(pooled, stream));
  } else if (!std::strcmp(mode, "launch")) {  // launching into the old stream
    fill<<<n / 256, 256, 0, stream>>>(plain, n);
    CHECK(cudaGetLastError());
  } else if (!std::strcmp(mode, "old-pointer")) {  // a new launch that writes through the old cudaMalloc pointer
    fill<<<n / 256, 256>>>(plain, n);
    CHECK(cudaGetLastError());
  } else if (!std::strcmp(mode, "pooled-pointer")) {  // the same through the old cudaMallocAsync pointer
    fill<<<n / 256, 256>>>(pooled, n);
    CHECK(cudaGetLastError());
  } else {
    std::printf("unknown mode\n");
    return 2;
  }
  CHECK(cudaDeviceSynchronize());  // is the new context still usable?
  std::printf("reached the end; failures: %d\n", failures);
  return failures == 0 ? 0 : 1;
}
