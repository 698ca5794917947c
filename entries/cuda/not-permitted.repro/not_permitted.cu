// cuda/not-permitted (audit9, issue #10): two documented sources of cudaErrorNotPermitted (800), CUDA 13.0.
// 1. cuda_runtime_api.h, cudaFuncSetAttribute: a required cluster width/height/depth fixed at compile time
//    "cannot be set at runtime. Setting it at runtime will return cudaErrorNotPermitted."
// 2. cudaLaunchHostFunc: "Attempting to use a CUDA API may result in cudaErrorNotPermitted, but this is not
//    required." -- here the host function records what a few CUDA calls return from inside it.
// Build: nvcc -arch=sm_90 -o not_permitted not_permitted.cu   (clusters need compute capability 9.0+)
#include <cuda_runtime.h>
#include <cstdio>

__global__ void __cluster_dims__(2, 1, 1) with_cluster(int *p) { if (p) p[0] = 1; }
__global__ void without_cluster(int *p) { if (p) p[0] = 1; }

static void show(const char *what, cudaError_t e) {
  printf("%-66s code=%d(%s) %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

struct Inside { cudaError_t malloc_rc, query_rc, getlast_rc; };

static void CUDART_CB host_fn(void *arg) {
  Inside *in = static_cast<Inside *>(arg);
  void *p = nullptr;
  // Only calls that cannot wait on the stream that runs this function (a synchronizing call could deadlock).
  in->malloc_rc = cudaMalloc(&p, 256);
  in->query_rc = cudaStreamQuery(cudaStreamPerThread);
  in->getlast_rc = cudaGetLastError();
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("device: %s, compute capability %d.%d\n", prop.name, prop.major, prop.minor);

  printf("== 1. required cluster dimensions set at run time\n");
  show("cudaFuncSetAttribute(with_cluster, RequiredClusterWidth, 2)",
       cudaFuncSetAttribute(with_cluster, cudaFuncAttributeRequiredClusterWidth, 2));
  show("cudaFuncSetAttribute(without_cluster, RequiredClusterWidth, 2)",
       cudaFuncSetAttribute(without_cluster, cudaFuncAttributeRequiredClusterWidth, 2));
  show("cudaGetLastError()", cudaGetLastError());
  with_cluster<<<2, 32>>>(nullptr);
  show("launch with_cluster<<<2, 32>>> then cudaDeviceSynchronize()", cudaDeviceSynchronize());

  printf("== 2. CUDA calls inside a cudaLaunchHostFunc host function\n");
  cudaStream_t s;
  cudaStreamCreate(&s);
  Inside in = {cudaErrorUnknown, cudaErrorUnknown, cudaErrorUnknown};
  show("cudaLaunchHostFunc(s, host_fn, &in)", cudaLaunchHostFunc(s, host_fn, &in));
  show("cudaStreamSynchronize(s)", cudaStreamSynchronize(s));
  show("  inside: cudaMalloc", in.malloc_rc);
  show("  inside: cudaStreamQuery(cudaStreamPerThread)", in.query_rc);
  show("  inside: cudaGetLastError", in.getlast_rc);
  show("after: cudaGetLastError()", cudaGetLastError());
  void *q = nullptr;
  show("after: cudaMalloc(&q, 256)", cudaMalloc(&q, 256));
  return 0;
}
