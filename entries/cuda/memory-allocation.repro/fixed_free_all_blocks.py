# Workaround "in CuPy, release pooled blocks with free_all_blocks() before handing memory to another library": CuPy's
# pool keeps 50 GiB after the array is gone, so PyTorch cannot allocate 50 GiB; after free_all_blocks() it can.
import cupy
import torch

a = cupy.empty(50 * 2**30, dtype=cupy.uint8)
del a
pool = cupy.get_default_memory_pool()
print(f"CuPy pool after del: used {pool.used_bytes()} B, held {pool.total_bytes() / 2**30:.0f} GiB", flush=True)
try:
    t = torch.empty(50 * 2**30, dtype=torch.uint8, device="cuda")
except torch.OutOfMemoryError as exc:
    print("PyTorch:", type(exc).__name__, str(exc).split(". Including")[0], flush=True)
pool.free_all_blocks()
print(f"after free_all_blocks(): held {pool.total_bytes()} B", flush=True)
t = torch.empty(50 * 2**30, dtype=torch.uint8, device="cuda")
print(f"PyTorch allocated {t.numel() / 2**30:.0f} GiB")
print("FIXED: no out-of-memory error")
