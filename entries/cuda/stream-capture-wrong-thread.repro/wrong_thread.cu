// cuda/stream-capture-wrong-thread (908): end a capture from a thread other than the one that began it, in each
// capture mode; then look at the capture from the thread that began it (still open? ends with a graph?) and at
// each thread's last error.
#include <cstdio>
#include <thread>
#include <cuda_runtime.h>
static void P(const char *w, cudaError_t e) { printf("  %-58s code=%d(%s)\n", w, (int)e, cudaGetErrorName(e)); }
static const char *st(cudaStreamCaptureStatus s) {
  return s == cudaStreamCaptureStatusNone ? "None" : s == cudaStreamCaptureStatusActive ? "Active" : "Invalidated";
}
__global__ void k(float *p) { p[threadIdx.x] += 1.0f; }
static void replay(cudaGraph_t g, cudaStream_t s) {
  cudaGraphExec_t x;
  P("cudaGraphInstantiate", cudaGraphInstantiate(&x, g, 0));
  P("cudaGraphLaunch", cudaGraphLaunch(x, s));
  P("cudaStreamSynchronize(s)", cudaStreamSynchronize(s));
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);
}
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float *d;
  cudaMalloc(&d, 1024);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  const cudaStreamCaptureMode modes[3] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
                                          cudaStreamCaptureModeRelaxed};
  const char *names[3] = {"Global", "ThreadLocal", "Relaxed"};
  for (int m = 0; m < 3; ++m) {
    printf("[mode %s] capture begun on the main thread, ended from a second thread\n", names[m]);
    P("cudaStreamBeginCapture(s) (main thread)", cudaStreamBeginCapture(s, modes[m]));
    k<<<1, 32, 0, s>>>(d);
    cudaGraph_t g1 = nullptr;
    std::thread t([&] {
      P("cudaStreamEndCapture(s) (second thread)", cudaStreamEndCapture(s, &g1));
      printf("  graph returned to the second thread: %s\n", g1 ? "non-null" : "null");
      P("cudaGetLastError() (second thread)", cudaGetLastError());
      P("cudaGetLastError() again (second thread)", cudaGetLastError());
    });
    t.join();
    cudaStreamCaptureStatus cs;
    P("cudaStreamIsCapturing(s) (main thread)", cudaStreamIsCapturing(s, &cs));
    printf("  status of s: %s\n", st(cs));
    P("cudaPeekAtLastError() (main thread)", cudaPeekAtLastError());
    if (cs != cudaStreamCaptureStatusNone) {
      k<<<1, 32, 0, s>>>(d);
      P("capture another launch on s (main thread)", cudaGetLastError());
      cudaGraph_t g2 = nullptr;
      P("cudaStreamEndCapture(s) (main thread)", cudaStreamEndCapture(s, &g2));
      printf("  graph returned to the main thread: %s\n", g2 ? "non-null" : "null");
      if (g2) {
        size_t n = 0;
        cudaGraphGetNodes(g2, nullptr, &n);
        printf("  nodes in that graph: %zu\n", n);
        replay(g2, s);
      }
    } else if (g1) {
      replay(g1, s);
    }
    P("cudaGetLastError() (main thread)", cudaGetLastError());
    P("cudaDeviceSynchronize() (main thread)", cudaDeviceSynchronize());
  }
  return 0;
}
