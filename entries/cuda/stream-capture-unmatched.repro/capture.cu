// audit5 part3: stream capture isolation (905) and unmatched (903)
#include <cstdio>
#include <cuda_runtime.h>
#define P(label, e) do { cudaError_t r_ = (e); printf("  %-62s code=%d(%s)\n", label, (int)r_, cudaGetErrorName(r_)); } while (0)
__global__ void k(float *x) { x[threadIdx.x] += 1.f; }
static const char *st(cudaStream_t s) {
  cudaStreamCaptureStatus c; cudaError_t e = cudaStreamIsCapturing(s, &c);
  if (e) return cudaGetErrorName(e);
  return c == cudaStreamCaptureStatusNone ? "None" : c == cudaStreamCaptureStatusActive ? "Active" : "Invalidated";
}
int main() {
  float *x; cudaMalloc(&x, 1024 * 4);
  cudaStream_t s, o, s2, s3; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&o, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking);
  cudaEvent_t ev, e1, e2; cudaEventCreate(&ev); cudaEventCreate(&e1); cudaEventCreate(&e2);
  cudaGraph_t g;
  const char *mname[3] = {"Global", "ThreadLocal", "Relaxed"};
  cudaStreamCaptureMode modes[3] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeRelaxed};
  for (int m = 0; m < 3; m++) {
    printf("[isolation, mode %s] event recorded on an uncaptured stream, waited on inside the capture\n", mname[m]);
    k<<<1, 32, 0, o>>>(x); cudaEventRecord(ev, o);
    P("cudaStreamBeginCapture(s)", cudaStreamBeginCapture(s, modes[m]));
    k<<<1, 32, 0, s>>>(x);
    P("cudaStreamWaitEvent(s, ev_outside, 0)", cudaStreamWaitEvent(s, ev, 0));
    printf("  capture status of s afterwards: %s\n", st(s));
    g = nullptr; P("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
    printf("  graph returned: %s; status of s: %s\n", g ? "non-null" : "null", st(s));
    P("cudaGetLastError()", cudaGetLastError());
    P("cudaDeviceSynchronize()", cudaDeviceSynchronize());
  }
  printf("[isolation] the same wait with cudaEventWaitExternal\n");
  k<<<1, 32, 0, o>>>(x); cudaEventRecord(ev, o);
  P("cudaStreamBeginCapture(s, Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  k<<<1, 32, 0, s>>>(x);
  P("cudaStreamWaitEvent(s, ev_outside, cudaEventWaitExternal)", cudaStreamWaitEvent(s, ev, cudaEventWaitExternal));
  g = nullptr; P("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
  printf("  graph returned: %s\n", g ? "non-null" : "null");
  cudaDeviceSynchronize();
  printf("[isolation] event recorded inside the capture (fork/join) for comparison\n");
  P("cudaStreamBeginCapture(s, Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaEventRecord(e1, s); P("cudaStreamWaitEvent(s2, e1) (fork)", cudaStreamWaitEvent(s2, e1, 0));
  k<<<1, 32, 0, s2>>>(x); cudaEventRecord(e2, s2); P("cudaStreamWaitEvent(s, e2) (join)", cudaStreamWaitEvent(s, e2, 0));
  g = nullptr; P("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
  printf("  graph returned: %s\n", g ? "non-null" : "null");

  printf("[unmatched] fork s2 from s, join it back, then end the capture on s2\n");
  P("cudaStreamBeginCapture(s, Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaEventRecord(e1, s); cudaStreamWaitEvent(s2, e1, 0); k<<<1, 32, 0, s2>>>(x);
  cudaEventRecord(e2, s2); cudaStreamWaitEvent(s, e2, 0);
  g = nullptr; P("cudaStreamEndCapture(s2)", cudaStreamEndCapture(s2, &g));
  printf("  status of s: %s, of s2: %s\n", st(s), st(s2));
  P("cudaStreamEndCapture(s3) (a stream not in the capture)", cudaStreamEndCapture(s3, &g));
  printf("  status of s: %s\n", st(s));
  P("cudaStreamBeginCapture(s) again while it captures", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  printf("  status of s: %s\n", st(s));
  g = nullptr; P("cudaStreamEndCapture(s) (origin)", cudaStreamEndCapture(s, &g));
  printf("  graph returned: %s; status of s: %s\n", g ? "non-null" : "null", st(s));
  printf("[unmatched] fork s2, not joined, end on s2\n");
  P("cudaStreamBeginCapture(s, Global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaEventRecord(e1, s); cudaStreamWaitEvent(s2, e1, 0); k<<<1, 32, 0, s2>>>(x);
  g = nullptr; P("cudaStreamEndCapture(s2)", cudaStreamEndCapture(s2, &g));
  printf("  status of s: %s, of s2: %s\n", st(s), st(s2));
  g = nullptr; P("cudaStreamEndCapture(s) (origin, side stream unjoined)", cudaStreamEndCapture(s, &g));
  printf("  status of s: %s, of s2: %s\n", st(s), st(s2));
  P("cudaGetLastError()", cudaGetLastError());
  P("cudaDeviceSynchronize()", cudaDeviceSynchronize());
  return 0;
}
