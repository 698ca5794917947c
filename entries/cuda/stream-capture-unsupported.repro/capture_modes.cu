// audit5-4: which calls stream capture refuses, with which code, in each capture mode. Each case: a fresh stream,
// begin capture, one captured kernel, the call under test, end capture.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <thread>
__global__ void k(float* x) { x[threadIdx.x] += 1.f; }
static void rt(const char* what, cudaError_t e) {
  printf("    %-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
int main() {
  float* d = nullptr; cudaMalloc(&d, 4096);
  static float h[1024];
  const char* modes[] = {"global", "thread_local", "relaxed"};
  cudaStreamCaptureMode mv[] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeRelaxed};
  const char* cases[] = {"cudaMalloc (capturing thread)", "cudaMalloc (other thread)", "cudaStreamQuery(capturing stream)",
                         "cudaEventSynchronize(event recorded in capture)", "cudaEventQuery(event recorded in capture)",
                         "cudaDeviceSynchronize", "cudaMemcpy H2D (synchronous)", "cudaMemset (synchronous)",
                         "cudaMallocAsync(capturing stream)"};
  for (int m = 0; m < 3; m++) for (int c = 0; c < 9; c++) {
    printf("== mode %s: %s\n", modes[m], cases[c]);
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t ev; cudaEventCreate(&ev);
    rt("cudaStreamBeginCapture", cudaStreamBeginCapture(s, mv[m]));
    k<<<1, 32, 0, s>>>(d);
    void* p = nullptr; cudaError_t e = cudaSuccess;
    switch (c) {
      case 0: e = cudaMalloc(&p, 1 << 20); break;
      case 1: { std::thread t([&] { e = cudaMalloc(&p, 1 << 20); }); t.join(); break; }
      case 2: e = cudaStreamQuery(s); break;
      case 3: cudaEventRecord(ev, s); e = cudaEventSynchronize(ev); break;
      case 4: cudaEventRecord(ev, s); e = cudaEventQuery(ev); break;
      case 5: e = cudaDeviceSynchronize(); break;
      case 6: e = cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice); break;
      case 7: e = cudaMemset(d, 0, 4096); break;
      case 8: e = cudaMallocAsync(&p, 1 << 20, s); if (!e) cudaFreeAsync(p, s); p = nullptr; break;
    }
    rt(cases[c], e);
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
    printf("    graph: %s\n", g ? "created" : "NULL");
    if (g) cudaGraphDestroy(g);
    if (p) cudaFree(p);
    cudaGetLastError();
    rt("cudaDeviceSynchronize after the case", cudaDeviceSynchronize());
    cudaEventDestroy(ev); cudaStreamDestroy(s);
  }
  return 0;
}
