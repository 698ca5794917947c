// review8 (issue #10): what the legacy default stream does while another stream is being captured.
// Case A: capture on a blocking stream; query the legacy stream (cudaStreamIsCapturing, cudaStreamGetCaptureInfo)
//         and see whether the capture survives the refused queries (cudaStreamEndCapture's code, graph replays).
// Case B: capture on a cudaStreamNonBlocking stream (what PyTorch does); launch a kernel on the legacy stream during
//         the capture and count how often it runs: at capture time, and in three replays of the graph.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bump(int *c) { atomicAdd(c, 1); }

static void show(const char *what, cudaError_t e) {
  printf("%-58s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

static int read(int *d) { int h = -1; cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost); return h; }

int main() {
  int *legacy_count, *stream_count;
  show("cudaMalloc", cudaMalloc(&legacy_count, sizeof(int)));
  cudaMalloc(&stream_count, sizeof(int));

  printf("== A: capture on a blocking stream, queries on the legacy stream\n");
  {
    cudaMemset(stream_count, 0, sizeof(int)); cudaDeviceSynchronize();
    cudaStream_t s; cudaStreamCreate(&s);
    show("cudaStreamBeginCapture(blocking s, global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    bump<<<1, 1, 0, s>>>(stream_count);
    show("launch on s", cudaGetLastError());
    cudaStreamCaptureStatus st;
    show("cudaStreamIsCapturing(cudaStreamLegacy)", cudaStreamIsCapturing(cudaStreamLegacy, &st));
    show("cudaGetLastError after the query", cudaGetLastError());
    show("cudaStreamGetCaptureInfo(cudaStreamLegacy)", cudaStreamGetCaptureInfo(cudaStreamLegacy, &st));
    show("cudaGetLastError after the query", cudaGetLastError());
    show("cudaStreamIsCapturing(s)", cudaStreamIsCapturing(s, &st));
    printf("  capture status of s: %d (0 none, 1 active, 2 invalidated)\n", (int)st);
    cudaGraph_t g = nullptr;
    show("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
    printf("  graph: %s\n", g ? "returned" : "null");
    if (g) {
      cudaGraphExec_t ge;
      show("cudaGraphInstantiate", cudaGraphInstantiate(&ge, g, 0));
      for (int i = 0; i < 3; i++) cudaGraphLaunch(ge, s);
      show("cudaStreamSynchronize after 3 replays", cudaStreamSynchronize(s));
      printf("  kernel on s ran %d times (3 replays)\n", read(stream_count));
    }
    cudaGetLastError();
  }

  printf("== B: capture on a non-blocking stream, kernel on the legacy stream during capture\n");
  {
    cudaMemset(legacy_count, 0, sizeof(int)); cudaMemset(stream_count, 0, sizeof(int)); cudaDeviceSynchronize();
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    show("cudaStreamBeginCapture(non-blocking s, global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    bump<<<1, 1, 0, s>>>(stream_count);
    show("launch on s", cudaGetLastError());
    bump<<<1, 1>>>(legacy_count);
    show("launch on the legacy stream (<<<1, 1>>>)", cudaGetLastError());
    cudaGraph_t g = nullptr;
    show("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
    printf("  graph: %s\n", g ? "returned" : "null");
    show("cudaDeviceSynchronize", cudaDeviceSynchronize());
    printf("  after capture: legacy-stream kernel ran %d times, kernel on s %d times\n", read(legacy_count),
           read(stream_count));
    if (g) {
      cudaGraphExec_t ge;
      show("cudaGraphInstantiate", cudaGraphInstantiate(&ge, g, 0));
      for (int i = 0; i < 3; i++) cudaGraphLaunch(ge, s);
      show("cudaStreamSynchronize after 3 replays", cudaStreamSynchronize(s));
      printf("  after 3 replays: legacy-stream kernel ran %d times, kernel on s %d times\n", read(legacy_count),
             read(stream_count));
    }
  }
  int rt = 0, dv = 0; cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&dv);
  printf("runtime %d driver %d\n", rt, dv);
  return 0;
}
