// review5 T3: does the OpenGL device selector cudaGLSetGLDevice still return 708 after the runtime is initialised?
// (cuda/set-on-active-process names only the D3D/VDPAU selectors as current sources of 708)
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
extern "C" cudaError_t cudaGLSetGLDevice(int device);   // cuda_gl_interop.h (deprecated), declared here to avoid GL headers
static void rep(const char *w, cudaError_t e) { printf("%-52s -> %d %s\n", w, (int)e, cudaGetErrorName(e)); }
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc > 1 && !strcmp(argv[1], "first")) {
    rep("cudaGLSetGLDevice(0) before any CUDA work", cudaGLSetGLDevice(0));
    void *p; rep("cudaMalloc afterwards", cudaMalloc(&p, 16));
  } else {
    void *p; rep("cudaMalloc (initialises the primary context)", cudaMalloc(&p, 16));
    rep("cudaGLSetGLDevice(0)", cudaGLSetGLDevice(0));
    rep("cudaGetLastError()", cudaGetLastError());
    rep("cudaMalloc afterwards", cudaMalloc(&p, 16));
  }
  return 0;
}
