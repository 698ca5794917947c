# A Triton kernel that stores far outside its tensor: the fault surfaces as "Triton Error [CUDA]: ..." or as a
# PyTorch CUDA error at the next call. Prints what each step reports.
import torch, triton, triton.language as tl

@triton.jit
def far_store(p, n):
    i = tl.arange(0, 128)
    tl.store(p + i + n, 1.0)

x = torch.zeros(128, device="cuda")
far_store[(1,)](x, 1 << 40)
print("launched; synchronizing", flush=True)
try:
    torch.cuda.synchronize()
except Exception as exc:
    print(type(exc).__module__ + "." + type(exc).__name__ + ":", exc, flush=True)
print("launching again after the fault", flush=True)
far_store[(1,)](x, 0)
