// audit5-4: CUDA in a child created with fork(). Mode "after": the parent initialises CUDA first; mode "before":
// the parent forks before touching CUDA (control).
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdio>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>
static void rt(const char* who, const char* what, cudaError_t e) {
  printf("%-7s %-34s code=%d(%s) %s\n", who, what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e)); fflush(stdout);
}
int main(int argc, char** argv) {
  bool after = argc > 1 && !strcmp(argv[1], "after");
  void* p = nullptr;
  if (after) rt("parent", "cudaMalloc before fork", cudaMalloc(&p, 1 << 20));
  pid_t pid = fork();
  if (pid == 0) {
    void* q = nullptr; int n = -1;
    rt("child", "cudaGetDeviceCount", cudaGetDeviceCount(&n));
    rt("child", "cudaMalloc", cudaMalloc(&q, 1 << 20));
    rt("child", "cudaSetDevice(0)", cudaSetDevice(0));
    rt("child", "cudaMalloc again", cudaMalloc(&q, 1 << 20));
    CUresult r = cuInit(0); const char* nm = "?"; cuGetErrorName(r, &nm);
    printf("child   %-34s code=%d(%s)\n", "cuInit(0)", (int)r, nm); fflush(stdout);
    _exit(0);
  }
  int st = 0; waitpid(pid, &st, 0);
  rt("parent", "cudaMalloc after child exited", cudaMalloc(&p, 1 << 20));
  rt("parent", "cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
