// API errors from the CUDA runtime, each case run as its own process with CUDA_LOG_FILE=stdout (error log
// management, CUDA 12.9+ drivers), to store the return code and what the driver logs for it.
// Usage: ./cuda_log_file <case>   (cases: see main)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static void rt(const char* what, cudaError_t e) {
  printf("%s -> %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
__global__ void k(float* p) { if (p) p[threadIdx.x] += 1.f; }
int host_int = 0;  // an ordinary host variable, not a __device__ symbol

int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char* c = argc > 1 ? argv[1] : "";
  static float h[256];
  if (!strcmp(c, "pitch")) {
    float* d; rt("cudaMalloc", cudaMalloc(&d, 1024));
    rt("cudaMemcpy2D(dpitch=16, spitch=64, width=64 bytes, height=4)", cudaMemcpy2D(d, 16, h, 64, 64, 4, cudaMemcpyHostToDevice));
  } else if (!strcmp(c, "memcpy_kind")) {
    float* d; rt("cudaMalloc", cudaMalloc(&d, 1024));
    rt("cudaMemcpy(kind=9)", cudaMemcpy(d, h, 4, (cudaMemcpyKind)9));
  } else if (!strcmp(c, "symbol")) {
    int v = 1; rt("cudaMemcpyToSymbol(host int)", cudaMemcpyToSymbol(host_int, &v, sizeof v));
  } else if (!strcmp(c, "device")) {
    rt("cudaSetDevice(99)", cudaSetDevice(99));
  } else if (!strcmp(c, "hostreg_twice")) {
    void* p = malloc(1 << 20);
    rt("cudaHostRegister #1", cudaHostRegister(p, 1 << 20, cudaHostRegisterDefault));
    rt("cudaHostRegister #2 (same range)", cudaHostRegister(p, 1 << 20, cudaHostRegisterDefault));
  } else if (!strcmp(c, "hostunreg")) {
    void* p = malloc(1 << 20);
    rt("cudaHostUnregister (never registered)", cudaHostUnregister(p));
  } else if (!strcmp(c, "captured_event") || !strcmp(c, "captured_event_relaxed")) {
    cudaStreamCaptureMode mode = !strcmp(c, "captured_event") ? cudaStreamCaptureModeGlobal : cudaStreamCaptureModeRelaxed;
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t ev; cudaEventCreate(&ev);
    float* d; rt("cudaMalloc", cudaMalloc(&d, 1024));
    rt(mode == cudaStreamCaptureModeGlobal ? "cudaStreamBeginCapture(global)" : "cudaStreamBeginCapture(relaxed)", cudaStreamBeginCapture(s, mode));
    k<<<1, 32, 0, s>>>(d);
    rt("cudaEventRecord(ev, capturing stream)", cudaEventRecord(ev, s));
    rt("cudaEventQuery(ev)", cudaEventQuery(ev));
    rt("cudaEventSynchronize(ev)", cudaEventSynchronize(ev));
    cudaGraph_t g = nullptr; rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
    printf("graph: %s\n", g ? "non-NULL" : "NULL");
  } else if (!strcmp(c, "capture_sync")) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    float* d; rt("cudaMalloc", cudaMalloc(&d, 1024));
    rt("cudaStreamBeginCapture(global)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 32, 0, s>>>(d);
    rt("cudaStreamSynchronize(capturing stream)", cudaStreamSynchronize(s));
    cudaGraph_t g = nullptr; rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
    printf("graph: %s\n", g ? "non-NULL" : "NULL");
  } else if (!strcmp(c, "reset_free")) {
    float* d; rt("cudaMalloc", cudaMalloc(&d, 1024));
    rt("cudaDeviceReset", cudaDeviceReset());
    rt("cudaFree(pointer allocated before the reset)", cudaFree(d));
    float* e; rt("cudaMalloc after the reset", cudaMalloc(&e, 1024));
  } else {
    printf("unknown case '%s'\n", c); return 2;
  }
  return 0;
}
