// cuda/incompatible-driver-context: cudaPointerGetAttributes on memory from a non-primary context;
// cuda/device-already-in-use: one context current on two threads at once.
#include "common.h"
#include <cuda.h>
#include <thread>
#define D(call) do { CUresult r_ = (call); const char *n_ = 0, *s_ = 0; cuGetErrorName(r_, &n_); cuGetErrorString(r_, &s_); printf("%-60s code=%d(%s) %s\n", #call, (int)r_, n_ ? n_ : "?", s_ ? s_ : "?"); } while (0)
int main() {
    D(cuInit(0));
    CUdevice dev; D(cuDeviceGet(&dev, 0));
    CUcontext ctx; D(cuCtxCreate(&ctx, nullptr, 0, dev));
    void *p = nullptr;
    R(cudaMalloc(&p, 256));                       // allocated while the non-primary context is current
    cudaPointerAttributes a;
    R(cudaPointerGetAttributes(&a, p));           // same context current
    CUdeviceptr q; D(cuMemAlloc(&q, 256));
    R(cudaPointerGetAttributes(&a, (void *)q));
    // second thread makes the same context current while this thread still has it
    std::thread t([&] {
        D(cuCtxSetCurrent(ctx));
        CUdeviceptr r; D(cuMemAlloc(&r, 256));
        void *rp; R(cudaMalloc(&rp, 256));
        R(cudaDeviceSynchronize());
    });
    t.join();
    D(cuCtxPushCurrent(ctx));
    D(cuCtxPopCurrent(nullptr));
    // now switch this thread to the primary context and query the pointer from the non-primary one
    D(cuCtxSetCurrent(nullptr));
    R(cudaSetDevice(0));
    R(cudaFree(0));
    R(cudaPointerGetAttributes(&a, p));
    R(cudaPointerGetAttributes(&a, (void *)q));
    R(cudaGetLastError());
    int can = -1; R(cudaDeviceCanAccessPeer(&can, 0, 0));
    D(cuCtxSetCurrent(ctx));
    R(cudaPointerGetAttributes(&a, p));
    return 0;
}
