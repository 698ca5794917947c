// Capture merge (902) and unjoined fork (904) (cuda/stream-capture-merge, cuda/stream-capture-unjoined).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
static void rep(const char *w, cudaError_t e) { printf("%-64s -> %d %s\n", w, (int)e, cudaGetErrorName(e)); }
__global__ void k(float *p) { p[threadIdx.x] += 1.0f; }
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float *d; cudaMalloc(&d, 1024);
  cudaStream_t a, b, side; cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  cudaEvent_t eA, eB, e1, e2; cudaEventCreate(&eA); cudaEventCreate(&eB); cudaEventCreate(&e1); cudaEventCreate(&e2);
  cudaGraph_t g = nullptr, h = nullptr;
  for (int mode = 0; mode < 2; ++mode) {
    cudaStreamCaptureMode cm = mode ? cudaStreamCaptureModeRelaxed : cudaStreamCaptureModeThreadLocal;
    printf("== merge: two captures, a waits on an event recorded in b's capture (mode %s)\n", mode ? "relaxed" : "thread-local");
    rep("cudaStreamBeginCapture(a)", cudaStreamBeginCapture(a, cm));
    rep("cudaStreamBeginCapture(b)", cudaStreamBeginCapture(b, cm));
    k<<<1, 32, 0, a>>>(d); k<<<1, 32, 0, b>>>(d);
    rep("cudaEventRecord(eB, b)", cudaEventRecord(eB, b));
    rep("cudaStreamWaitEvent(a, eB)", cudaStreamWaitEvent(a, eB, 0));
    rep("cudaGetLastError", cudaGetLastError());
    g = nullptr; rep("cudaStreamEndCapture(a)", cudaStreamEndCapture(a, &g)); printf("graph a: %s\n", g ? "returned" : "NULL");
    h = nullptr; rep("cudaStreamEndCapture(b)", cudaStreamEndCapture(b, &h)); printf("graph b: %s\n", h ? "returned" : "NULL");
    cudaGetLastError();
  }
  printf("== merge: side stream forked into a's capture, then waits on b's capture\n");
  rep("cudaStreamBeginCapture(a)", cudaStreamBeginCapture(a, cudaStreamCaptureModeThreadLocal));
  rep("cudaStreamBeginCapture(b)", cudaStreamBeginCapture(b, cudaStreamCaptureModeThreadLocal));
  cudaEventRecord(e1, a); rep("cudaStreamWaitEvent(side, e1 from a) (fork)", cudaStreamWaitEvent(side, e1, 0));
  k<<<1, 32, 0, b>>>(d); cudaEventRecord(eB, b);
  rep("cudaStreamWaitEvent(side, eB from b)", cudaStreamWaitEvent(side, eB, 0));
  g = nullptr; rep("cudaStreamEndCapture(a)", cudaStreamEndCapture(a, &g)); printf("graph a: %s\n", g ? "returned" : "NULL");
  h = nullptr; rep("cudaStreamEndCapture(b)", cudaStreamEndCapture(b, &h));
  cudaGetLastError();
  printf("== unjoined: fork side from a, work on side, end capture without a join\n");
  rep("cudaStreamBeginCapture(a)", cudaStreamBeginCapture(a, cudaStreamCaptureModeThreadLocal));
  k<<<1, 32, 0, a>>>(d); cudaEventRecord(e1, a); cudaStreamWaitEvent(side, e1, 0); k<<<1, 32, 0, side>>>(d);
  g = (cudaGraph_t)0x1; rep("cudaStreamEndCapture(a)", cudaStreamEndCapture(a, &g)); printf("graph: %s\n", g ? "non-NULL" : "NULL");
  cudaStreamCaptureStatus st; rep("cudaStreamIsCapturing(side)", cudaStreamIsCapturing(side, &st)); printf("side status %d\n", (int)st);
  rep("cudaGetLastError", cudaGetLastError());
  printf("== unjoined fixed: same with the join (record on side, a waits)\n");
  rep("cudaStreamBeginCapture(a)", cudaStreamBeginCapture(a, cudaStreamCaptureModeThreadLocal));
  k<<<1, 32, 0, a>>>(d); cudaEventRecord(e1, a); cudaStreamWaitEvent(side, e1, 0); k<<<1, 32, 0, side>>>(d);
  cudaEventRecord(e2, side); cudaStreamWaitEvent(a, e2, 0);
  g = nullptr; rep("cudaStreamEndCapture(a)", cudaStreamEndCapture(a, &g)); printf("graph: %s\n", g ? "returned" : "NULL");
  cudaGraphExec_t x; rep("cudaGraphInstantiate", cudaGraphInstantiate(&x, g, 0));
  rep("cudaGraphLaunch", cudaGraphLaunch(x, a)); rep("cudaStreamSynchronize(a)", cudaStreamSynchronize(a));
  rep("context still fine: cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
