// After an illegal call invalidates a capture: what later work on the capturing stream returns, what
// cudaStreamIsCapturing reports, what cudaStreamEndCapture returns, and whether the stream runs work afterwards.
// Case 1: cudaMalloc in a global-mode capture. Case 2: a launch on the legacy stream while a blocking stream captures.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void noop() {}
static void r(const char *what, cudaError_t e) {
  printf("%-46s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void status(cudaStream_t s) {
  cudaStreamCaptureStatus st;
  r("cudaStreamIsCapturing", cudaStreamIsCapturing(s, &st));
  printf("  capture status: %d (0 none, 1 active, 2 invalidated)\n", (int)st);
}
static int finish(cudaStream_t s) {
  cudaGraph_t g = nullptr;
  cudaError_t e = cudaStreamEndCapture(s, &g);
  r("cudaStreamEndCapture", e); printf("  graph: %s\n", g ? "non-null" : "null");
  status(s);
  noop<<<1, 1, 0, s>>>(); r("ordinary launch on the stream", cudaGetLastError());
  r("cudaStreamSynchronize", cudaStreamSynchronize(s));
  return e == cudaErrorStreamCaptureInvalidated ? 0 : 1;
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaStream_t s; cudaStreamCreate(&s);   // a blocking stream: it synchronizes with the legacy stream
  void *p = nullptr; int bad = 0;
  printf("== 1: cudaMalloc during capture\n");
  r("cudaStreamBeginCapture(Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  r("cudaMalloc during capture", cudaMalloc(&p, 1 << 20));
  status(s);
  noop<<<1, 1, 0, s>>>(); r("launch on the capturing stream after it", cudaGetLastError());
  r("cudaMemsetAsync on it", cudaMemsetAsync(p, 0, 16, s));
  bad |= finish(s);
  printf("== 2: launch on the legacy stream during capture\n");
  r("cudaStreamBeginCapture(Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  noop<<<1, 1, 0, s>>>(); r("captured launch", cudaGetLastError());
  noop<<<1, 1>>>(); r("launch on the legacy stream (0)", cudaGetLastError());
  status(s);
  noop<<<1, 1, 0, s>>>(); r("launch on the capturing stream after it", cudaGetLastError());
  bad |= finish(s);
  return bad;
}
