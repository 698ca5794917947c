// Forks a side stream into a global-mode capture and ends the capture (A) without joining it, (B) after
// cudaStreamSynchronize(side), (C) after cudaDeviceSynchronize(), (D) after joining it; then checks that both
// streams still run ordinary work.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void noop() {}
static void r(const char *what, cudaError_t e) {
  printf("%-48s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static cudaStream_t o, s;
static cudaEvent_t fork_ev, join_ev;
static void begin_and_fork() {
  r("cudaStreamBeginCapture(origin, Global)", cudaStreamBeginCapture(o, cudaStreamCaptureModeGlobal));
  noop<<<1, 1, 0, o>>>();
  cudaEventRecord(fork_ev, o); cudaStreamWaitEvent(s, fork_ev, 0);      // fork: side joins the capture
  noop<<<1, 1, 0, s>>>();
  r("captured launches (origin, side)", cudaGetLastError());
}
static cudaError_t end_capture() {
  cudaGraph_t g = nullptr;
  cudaError_t e = cudaStreamEndCapture(o, &g);
  r("cudaStreamEndCapture(origin)", e);
  printf("graph: %s\n", g ? "non-null" : "null");
  cudaStreamCaptureStatus st;
  cudaStreamIsCapturing(o, &st); printf("origin capture status: %d, ", (int)st);
  cudaStreamIsCapturing(s, &st); printf("side capture status: %d (0 none, 1 active, 2 invalidated)\n", (int)st);
  if (g) {
    cudaGraphExec_t x;
    r("cudaGraphInstantiate", cudaGraphInstantiate(&x, g, 0));
    r("cudaGraphLaunch", cudaGraphLaunch(x, o));
  }
  return e;
}
static void after() {
  noop<<<1, 1, 0, o>>>(); r("  ordinary launch on origin", cudaGetLastError());
  noop<<<1, 1, 0, s>>>(); r("  ordinary launch on side", cudaGetLastError());
  r("  cudaDeviceSynchronize", cudaDeviceSynchronize());
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaStreamCreateWithFlags(&o, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventCreateWithFlags(&fork_ev, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&join_ev, cudaEventDisableTiming);
  printf("== A: side stream forked in, not joined\n");
  begin_and_fork(); end_capture(); after();
  printf("== B: cudaStreamSynchronize(side) inside the capture\n");
  begin_and_fork(); r("cudaStreamSynchronize(side) during capture", cudaStreamSynchronize(s)); end_capture(); after();
  printf("== C: cudaDeviceSynchronize() inside the capture\n");
  begin_and_fork(); r("cudaDeviceSynchronize() during capture", cudaDeviceSynchronize()); end_capture(); after();
  printf("== D: side stream joined (event recorded on side, origin waits on it)\n");
  begin_and_fork();
  cudaEventRecord(join_ev, s); cudaStreamWaitEvent(o, join_ev, 0);
  cudaError_t e = end_capture(); after();
  return e == cudaSuccess ? 0 : 1;
}
