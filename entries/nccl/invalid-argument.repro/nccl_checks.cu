// review4: NCCL argument checks on one GPU (one-rank communicators).
//  null:        a collective with sendbuff == NULL. Rejected by default, or only with NCCL_CHECK_POINTERS=1 /
//               NCCL_CHECK_MODE=DEBUG_LOCAL ("<Op> : sendbuff (nil) is not a valid pointer")?
//  nonblocking: calls on a non-blocking communicator while its previous operation is still in progress.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <nccl.h>
int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int v; ncclGetVersion(&v); printf("NCCL version code %d\n", v);
  float* buf; cudaMalloc(&buf, 1 << 26);
  if (!strcmp(argv[1], "null")) {
    ncclComm_t comm; int dev = 0;
    ncclResult_t r = ncclCommInitAll(&comm, 1, &dev); printf("ncclCommInitAll -> %d\n", r);
    r = ncclBroadcast(NULL, buf, 1024, ncclFloat, 0, comm, 0);
    cudaError_t s = cudaDeviceSynchronize();
    printf("ncclBroadcast(sendbuff=NULL) -> %d (%s); last error: '%s'; cudaDeviceSynchronize -> %d %s\n", r, ncclGetErrorString(r), ncclGetLastError(comm), s, cudaGetErrorName(s));
    r = ncclAllReduce(NULL, buf, 1024, ncclFloat, ncclSum, comm, 0);
    s = cudaDeviceSynchronize();
    printf("ncclAllReduce(sendbuff=NULL) -> %d (%s); last error: '%s'; cudaDeviceSynchronize -> %d %s\n", r, ncclGetErrorString(r), ncclGetLastError(comm), s, cudaGetErrorName(s));
  } else {
    ncclUniqueId id; ncclGetUniqueId(&id);
    ncclConfig_t cfg = NCCL_CONFIG_INITIALIZER; cfg.blocking = 0;
    ncclComm_t comm;
    ncclResult_t r = ncclCommInitRankConfig(&comm, 1, id, 0, &cfg);
    printf("ncclCommInitRankConfig(blocking=0) -> %d (%s)\n", r, ncclGetErrorString(r));
    ncclResult_t st = ncclInProgress; long polls = 0;
    do { ncclCommGetAsyncError(comm, &st); polls++; } while (st == ncclInProgress);
    printf("init done after %ld polls, state %d\n", polls, st);
    for (int i = 0; i < 4; i++) {
      r = ncclAllReduce(buf, buf, 1 << 24, ncclFloat, ncclSum, comm, 0);
      ncclCommGetAsyncError(comm, &st);
      printf("ncclAllReduce #%d (no wait) -> %d (%s); async state now %d\n", i, r, ncclGetErrorString(r), st);
    }
    ncclGroupStart();
    ncclAllReduce(buf, buf, 1 << 24, ncclFloat, ncclSum, comm, 0);
    r = ncclGroupEnd(); ncclCommGetAsyncError(comm, &st);
    printf("grouped ncclAllReduce: ncclGroupEnd -> %d (%s); async state %d\n", r, ncclGetErrorString(r), st);
    r = ncclAllReduce(buf, buf, 1 << 24, ncclFloat, ncclSum, comm, 0);
    printf("second call right after -> %d (%s)\n", r, ncclGetErrorString(r));
    cudaDeviceSynchronize();
  }
  return 0;
}
