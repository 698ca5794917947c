# Workaround "pass freshly allocated tensors to kernels that use vector loads": a kernel that copies 16 bytes at a
# time (float4) gets a view that starts 4 bytes into its allocation. x.contiguous() returns the view itself (it is
# already contiguous), so the kernel faults with a misaligned address (child process); x.clone() is a new, aligned
# allocation and the kernel runs.
import subprocess, sys
import cupy
import torch

copy4 = cupy.RawKernel(r'''
extern "C" __global__ void copy4(const float4* src, float4* dst, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) dst[i] = src[i];
}''', "copy4")


def vector_copy(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n4 = x.numel() // 4
    copy4(((n4 + 255) // 256,), (256,), (cupy.uint64(x.data_ptr()), cupy.uint64(out.data_ptr()), cupy.int32(n4)))
    torch.cuda.synchronize()
    return out


base = torch.arange(1028, dtype=torch.float32, device="cuda")
view = base[1:1025]                                            # contiguous, 4 bytes into the allocation

if sys.argv[1:] == ["broken"]:
    vector_copy(view.contiguous())
    sys.exit(0)

print("view.contiguous() is the view itself:", view.contiguous().data_ptr() == view.data_ptr(),
      "| data_ptr() % 16 =", view.contiguous().data_ptr() % 16, flush=True)
r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
errors = [line for line in r.stderr.splitlines() if "Error:" in line]
print("kernel on x.contiguous() (child process):", errors[0] if errors else "(no error)", f"(exit status {r.returncode})",
      flush=True)
x = view.clone()
print("x.clone(): data_ptr() % 16 =", x.data_ptr() % 16, flush=True)
y = vector_copy(x)
print("kernel on x.clone(): copy equal to the view:", torch.equal(y, view))
assert torch.equal(y, view)
print("FIXED: no misaligned address")
