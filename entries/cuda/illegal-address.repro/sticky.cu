// Which CUDA errors are sticky? Each case runs in its own forked process (the parent never touches CUDA):
// it triggers one error, then asks the context for more work: cudaGetLastError, cudaMalloc, and a trivial
// kernel launch + cudaDeviceSynchronize. A sticky error comes back from all of them; a recoverable one does not.
// Build: nvcc -arch=sm_90 -o sticky sticky.cu -lcuda ; run: ./sticky [case ...]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cassert>
#include <thread>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

static void rt(const char *what, cudaError_t e) {
  printf("  %-40s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
static void drv(const char *what, CUresult r) {
  const char *n = "?", *s = "?";
  cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("  %-40s code=%d(%s) %s\n", what, (int)r, n, s);
}

__global__ void ok_kernel(int *p) { if (p) *p = 1; }
__global__ void bad_address(int *p) { *(volatile int *)((char *)p + (1ULL << 40)) = 1; }
__global__ void device_assert(int x) { assert(x == 0); }
__global__ void misaligned(char *p) { *(volatile int *)(p + 1) = 1; }
__global__ void trap_kernel() { __trap(); }
__global__ void brkpt_kernel() { asm volatile("brkpt;"); }
typedef void (*fn_t)(int *);
__global__ void bad_pc(unsigned long long addr, int *p) { fn_t f = (fn_t)addr; f(p); }
__device__ __noinline__ int deep(int n, volatile int *sink) {
  volatile int local[256];
  for (int i = 0; i < 256; ++i) local[i] = n + i;
  if (n == 0) return local[7];
  return deep(n - 1, sink) + local[n & 255];
}
__global__ void stack_overflow(int n, int *out) { *out = deep(n, out); }
__device__ __noinline__ void atomic_on(int *p) { atomicAdd(p, 1); }
__global__ void atomic_local(int sel) {
  int local[4] = {0, 0, 0, 0};
  atomic_on(&local[sel & 3]);  // a generic pointer into local memory: atomics are global/shared only
  if (local[0] == 12345) printf("x");
}
__global__ void coop_kernel() { cooperative_groups::this_grid().sync(); }
__global__ void cluster_kernel() {}
__global__ void spin(unsigned long long cycles) {
  unsigned long long t = clock64();
  while (clock64() - t < cycles) {}
}

// Ask the context for more work after the error.
static void afterwards() {
  rt("cudaGetLastError afterwards", cudaGetLastError());
  void *q = nullptr;
  rt("cudaMalloc afterwards", cudaMalloc(&q, 1 << 20));
  ok_kernel<<<1, 1>>>((int *)q);
  rt("kernel launch afterwards", cudaGetLastError());
  rt("cudaDeviceSynchronize afterwards", cudaDeviceSynchronize());
}

static void sync_after_kernel() { rt("cudaDeviceSynchronize", cudaDeviceSynchronize()); }

static int run_case(const char *name) {
  int *d = nullptr;
  if (!strcmp(name, "no_device")) {
    setenv("CUDA_VISIBLE_DEVICES", "", 1);
    int n = -1;
    rt("cudaGetDeviceCount (CUDA_VISIBLE_DEVICES='')", cudaGetDeviceCount(&n));
    rt("cudaMalloc", cudaMalloc((void **)&d, 4));
    setenv("CUDA_VISIBLE_DEVICES", "0", 1);
    rt("cudaGetDeviceCount (now CUDA_VISIBLE_DEVICES=0)", cudaGetDeviceCount(&n));
    rt("cudaMalloc", cudaMalloc((void **)&d, 4));
    drv("cuInit(0)", cuInit(0));
    return 0;
  }
  rt("cudaFree(0) (creates the context)", cudaFree(0));
  rt("cudaMalloc", cudaMalloc((void **)&d, 1 << 20));
  if (!strcmp(name, "illegal_address")) {
    bad_address<<<1, 1>>>(d); sync_after_kernel();
  } else if (!strcmp(name, "illegal_address_then_reset")) {
    bad_address<<<1, 1>>>(d); sync_after_kernel();
    rt("cudaDeviceReset", cudaDeviceReset());
  } else if (!strcmp(name, "assert")) {
    device_assert<<<1, 1>>>(1); sync_after_kernel();
  } else if (!strcmp(name, "misaligned")) {
    misaligned<<<1, 1>>>((char *)d); sync_after_kernel();
  } else if (!strcmp(name, "trap")) {
    trap_kernel<<<1, 1>>>(); sync_after_kernel();
  } else if (!strcmp(name, "brkpt")) {
    brkpt_kernel<<<1, 1>>>(); sync_after_kernel();
  } else if (!strcmp(name, "bad_function_pointer")) {
    bad_pc<<<1, 1>>>(0x10ULL, d); sync_after_kernel();
  } else if (!strcmp(name, "stack_overflow")) {
    rt("cudaDeviceSetLimit(StackSize, 1024)", cudaDeviceSetLimit(cudaLimitStackSize, 1024));
    stack_overflow<<<1, 1>>>(100000, d); sync_after_kernel();
  } else if (!strcmp(name, "atomic_on_local")) {
    atomic_local<<<1, 1>>>(1); sync_after_kernel();
  } else if (!strcmp(name, "invalid_value")) {
    rt("cudaMalloc(nullptr, 4)", cudaMalloc(nullptr, 4));
  } else if (!strcmp(name, "out_of_memory")) {
    void *p; rt("cudaMalloc(1 PiB)", cudaMalloc(&p, 1ULL << 50));
  } else if (!strcmp(name, "invalid_configuration")) {
    ok_kernel<<<1, 2048>>>(d); rt("kernel<<<1, 2048>>>", cudaGetLastError());
  } else if (!strcmp(name, "invalid_device")) {
    rt("cudaSetDevice(99)", cudaSetDevice(99));
  } else if (!strcmp(name, "cooperative_too_large")) {
    void *args[] = {nullptr};
    rt("cudaLaunchCooperativeKernel(100000 blocks)",
       cudaLaunchCooperativeKernel((void *)coop_kernel, dim3(100000), dim3(1024), args, 0, 0));
  } else if (!strcmp(name, "cluster_too_large")) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(64); cfg.blockDim = dim3(32);
    cudaLaunchAttribute a; a.id = cudaLaunchAttributeClusterDimension;
    a.val.clusterDim.x = 32; a.val.clusterDim.y = 1; a.val.clusterDim.z = 1;
    cfg.attrs = &a; cfg.numAttrs = 1;
    rt("cudaLaunchKernelEx(cluster 32, not opted in)", cudaLaunchKernelEx(&cfg, cluster_kernel));
  } else if (!strcmp(name, "host_register_twice")) {
    void *h = malloc(1 << 16);
    rt("cudaHostRegister", cudaHostRegister(h, 1 << 16, 0));
    rt("cudaHostRegister (again)", cudaHostRegister(h, 1 << 16, 0));
  } else if (!strcmp(name, "host_unregister_unregistered")) {
    void *h = malloc(1 << 16);
    rt("cudaHostUnregister(never registered)", cudaHostUnregister(h));
  } else if (!strcmp(name, "free_host_pointer")) {
    void *h = malloc(64);
    rt("cudaFree(malloc'd host pointer)", cudaFree(h));
    rt("cudaFreeHost(malloc'd host pointer)", cudaFreeHost(h));
    rt("cudaFree(device pointer + 16)", cudaFree((char *)d + 16));
  } else if (!strcmp(name, "unsupported_limit")) {
    rt("cudaDeviceSetLimit(0x7f, 1)", cudaDeviceSetLimit((cudaLimit)0x7f, 1));
  } else if (!strcmp(name, "capture_legacy_stream")) {
    cudaStream_t s; cudaStreamCreate(&s);
    rt("cudaStreamBeginCapture(global mode)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    ok_kernel<<<1, 1, 0, s>>>(d);
    ok_kernel<<<1, 1>>>(d); rt("kernel on the legacy stream", cudaGetLastError());
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "capture_end_other_stream")) {
    cudaStream_t s, t; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking);
    rt("cudaStreamBeginCapture(s)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    ok_kernel<<<1, 1, 0, s>>>(d);
    cudaEvent_t e; cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    cudaEventRecord(e, s); cudaStreamWaitEvent(t, e, 0); ok_kernel<<<1, 1, 0, t>>>(d);
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture(t) (joined stream)", cudaStreamEndCapture(t, &g));
    rt("cudaStreamEndCapture(s)", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "capture_unjoined")) {
    cudaStream_t s, t; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking);
    rt("cudaStreamBeginCapture(s)", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    cudaEvent_t e; cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    cudaEventRecord(e, s); cudaStreamWaitEvent(t, e, 0); ok_kernel<<<1, 1, 0, t>>>(d);
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture(s) (t not joined)", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "captured_event_query")) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t e; cudaEventCreate(&e);
    rt("cudaStreamBeginCapture", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    ok_kernel<<<1, 1, 0, s>>>(d); cudaEventRecord(e, s);
    rt("cudaEventQuery(event recorded in capture)", cudaEventQuery(e));
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "capture_wrong_thread")) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    rt("cudaStreamBeginCapture(thread-local mode)", cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    ok_kernel<<<1, 1, 0, s>>>(d);
    std::thread th([&] { cudaGraph_t g = nullptr; rt("cudaStreamEndCapture (other thread)", cudaStreamEndCapture(s, &g)); });
    th.join();
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture (capturing thread)", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "capture_sync")) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    rt("cudaStreamBeginCapture", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    ok_kernel<<<1, 1, 0, s>>>(d);
    rt("cudaStreamSynchronize during capture", cudaStreamSynchronize(s));
    cudaGraph_t g = nullptr;
    rt("cudaStreamEndCapture", cudaStreamEndCapture(s, &g));
  } else if (!strcmp(name, "graph_exec_update_topology")) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaGraph_t g1 = nullptr, g2 = nullptr; cudaGraphExec_t x = nullptr;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal); ok_kernel<<<1, 1, 0, s>>>(d); cudaStreamEndCapture(s, &g1);
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal); ok_kernel<<<1, 1, 0, s>>>(d); ok_kernel<<<1, 1, 0, s>>>(d);
    cudaStreamEndCapture(s, &g2);
    rt("cudaGraphInstantiate(1 kernel)", cudaGraphInstantiate(&x, g1, 0));
    cudaGraphExecUpdateResultInfo info;
    rt("cudaGraphExecUpdate(2 kernels)", cudaGraphExecUpdate(x, g2, &info));
    printf("  update result: %d\n", (int)info.result);
  } else if (!strcmp(name, "not_ready")) {
    cudaEvent_t e; cudaEventCreate(&e);
    spin<<<1, 1>>>(2000000000ULL); cudaEventRecord(e);
    rt("cudaEventQuery (kernel still running)", cudaEventQuery(e));
  } else if (!strcmp(name, "driver_no_context")) {
    CUcontext c = nullptr;
    drv("cuCtxSetCurrent(NULL)", cuCtxSetCurrent(nullptr));
    CUdeviceptr p; drv("cuMemAlloc with no current context", cuMemAlloc(&p, 4));
    drv("cuCtxGetCurrent", cuCtxGetCurrent(&c));
    printf("  current context: %p\n", (void *)c);
    cudaSetDevice(0);
  } else if (!strcmp(name, "driver_released_primary")) {
    CUdevice dev; cuDeviceGet(&dev, 0);
    CUcontext c = nullptr;
    cudaDeviceReset();  // drop the runtime's reference
    drv("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&c, dev));
    drv("cuCtxSetCurrent(primary)", cuCtxSetCurrent(c));
    drv("cuDevicePrimaryCtxRelease", cuDevicePrimaryCtxRelease(dev));
    CUdeviceptr p; drv("cuMemAlloc (released primary current)", cuMemAlloc(&p, 4));
  } else if (!strcmp(name, "driver_destroyed_context")) {
    CUdevice dev; cuDeviceGet(&dev, 0);
    CUcontext a = nullptr, b = nullptr;
    drv("cuCtxCreate(a)", cuCtxCreate(&a, nullptr, 0, dev));
    drv("cuCtxCreate(b)", cuCtxCreate(&b, nullptr, 0, dev));
    drv("cuCtxDestroy(a) (not current)", cuCtxDestroy(a));
    drv("cuCtxPushCurrent(a) (destroyed)", cuCtxPushCurrent(a));
    CUdeviceptr p; drv("cuMemAlloc", cuMemAlloc(&p, 4));
    CUcontext popped; cuCtxPopCurrent(&popped);
  } else if (!strcmp(name, "module_file_not_found")) {
    CUmodule m; drv("cuModuleLoad(/nonexistent.cubin)", cuModuleLoad(&m, "/nonexistent.cubin"));
  } else if (!strcmp(name, "module_symbol_not_found")) {
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry f() { ret; }\n";
    CUmodule m; drv("cuModuleLoadData(PTX)", cuModuleLoadData(&m, ptx));
    CUfunction f; drv("cuModuleGetFunction(\"nope\")", cuModuleGetFunction(&f, m, "nope"));
  } else if (!strcmp(name, "unsupported_ptx_version")) {
    const char *ptx = ".version 99.0\n.target sm_90\n.address_size 64\n.visible .entry f() { ret; }\n";
    CUmodule m; drv("cuModuleLoadData(PTX .version 99.0)", cuModuleLoadData(&m, ptx));
  } else {
    printf("  unknown case\n");
    return 2;
  }
  afterwards();
  return 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *all[] = {"illegal_address", "illegal_address_then_reset", "assert", "misaligned", "trap", "brkpt",
                       "bad_function_pointer", "stack_overflow", "atomic_on_local", "invalid_value",
                       "out_of_memory", "invalid_configuration", "invalid_device", "cooperative_too_large",
                       "cluster_too_large", "host_register_twice", "host_unregister_unregistered",
                       "free_host_pointer", "unsupported_limit", "capture_legacy_stream",
                       "capture_end_other_stream", "capture_unjoined", "captured_event_query",
                       "capture_wrong_thread", "capture_sync", "graph_exec_update_topology", "not_ready",
                       "driver_no_context", "driver_released_primary", "driver_destroyed_context",
                       "module_file_not_found", "module_symbol_not_found", "unsupported_ptx_version",
                       "no_device"};
  int n = argc > 1 ? argc - 1 : (int)(sizeof all / sizeof *all);
  for (int i = 0; i < n; ++i) {
    const char *name = argc > 1 ? argv[i + 1] : all[i];
    printf("== %s\n", name);
    pid_t pid = fork();
    if (pid == 0) _exit(run_case(name));
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFSIGNALED(st)) printf("  (process killed by signal %d)\n", WTERMSIG(st));
    else printf("  exit code: %d\n", WEXITSTATUS(st));
  }
  return 0;
}
