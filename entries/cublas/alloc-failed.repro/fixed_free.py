# Workaround "free GPU memory (or need less), so the handle and its workspace fit": the GPU is filled as in repro.py;
# then 1 GiB of it is released. Memory freed with del stays in PyTorch's cache, where cublasCreate (which allocates
# outside PyTorch) cannot use it; after torch.cuda.empty_cache() the first product runs.
import torch

a = torch.ones(64, 64, device="cuda")
big, small = [], []
try:
    while True:
        big.append(torch.empty(256 * 2**20, dtype=torch.uint8, device="cuda"))
except torch.OutOfMemoryError:
    pass
try:
    while True:
        small.append(torch.empty(2**20, dtype=torch.uint8, device="cuda"))
except torch.OutOfMemoryError:
    pass
print(f"filled: {len(big) + len(small)} blocks, free {torch.cuda.mem_get_info()[0]} bytes", flush=True)
del big[-4:]                                                   # 1 GiB no longer needed
try:
    print(a @ a)
except RuntimeError as exc:
    print("after del (memory still cached by PyTorch):", str(exc).splitlines()[0], flush=True)
torch.cuda.empty_cache()
print(f"after torch.cuda.empty_cache(): free {torch.cuda.mem_get_info()[0]} bytes", flush=True)
c = a @ a
print("a @ a:", c[0, :4].tolist(), "sum", c.sum().item())
print("FIXED: no CUBLAS_STATUS_ALLOC_FAILED")
