# Workaround "when another library's allocation fails while PyTorch holds cached memory, torch.cuda.empty_cache()":
# PyTorch's caching allocator keeps 50 GiB after the tensor is gone, so a plain cudaMalloc of 50 GiB from CuPy in the
# same process fails with cudaErrorMemoryAllocation; after torch.cuda.empty_cache() it succeeds.
import cupy
import torch

t = torch.empty(50 * 2**30, dtype=torch.uint8, device="cuda")
del t
print(f"PyTorch after del: allocated {torch.cuda.memory_allocated()} B, "
      f"reserved {torch.cuda.memory_reserved() / 2**30:.0f} GiB", flush=True)
try:
    p = cupy.cuda.runtime.malloc(50 * 2**30)
except cupy.cuda.runtime.CUDARuntimeError as exc:
    print("CuPy cudaMalloc:", type(exc).__name__ + ":", exc, flush=True)
torch.cuda.empty_cache()
print(f"after torch.cuda.empty_cache(): reserved {torch.cuda.memory_reserved()} B", flush=True)
p = cupy.cuda.runtime.malloc(50 * 2**30)
print("CuPy cudaMalloc of 50 GiB succeeded")
cupy.cuda.runtime.free(p)
print("FIXED: no out-of-memory error")
