# Workaround "check tensors passed to custom kernels ... and that they stay alive": a raw kernel writes through the
# pointer of a tensor. Freed (and its memory released) before the launch, the pointer is dangling and the kernel
# faults with an illegal address (child process); kept referenced until the kernel has finished, it runs.
import subprocess, sys
import cupy
import torch

fill = cupy.RawKernel(r'''
extern "C" __global__ void fill(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 1;
}''', "fill")
n = 2**28                                                      # 1 GiB of int32: a segment of its own


def launch(ptr: int) -> None:
    fill(((n + 255) // 256,), (256,), (cupy.uint64(ptr), cupy.int32(n)))


if sys.argv[1:] == ["broken"]:
    x = torch.empty(n, dtype=torch.int32, device="cuda")
    ptr = x.data_ptr()
    del x                                                      # the bug: nothing keeps the tensor alive
    torch.cuda.empty_cache()                                   # the allocator gives the memory back to the driver
    launch(ptr)
    torch.cuda.synchronize()
    sys.exit(0)

r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
errors = [line for line in r.stderr.splitlines() if "Error:" in line]
print("tensor freed before the launch (child process):", errors[0] if errors else "(no error)",
      f"(exit status {r.returncode})", flush=True)

x = torch.empty(n, dtype=torch.int32, device="cuda")
assert x.is_cuda and x.is_contiguous() and x.dtype == torch.int32
launch(x.data_ptr())
torch.cuda.synchronize()                                       # x is still referenced here
print("tensor kept alive until the kernel finished: sum =", int(x.sum()), "of", n)
print("FIXED: no illegal memory access")
