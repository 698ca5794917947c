# PyTorch creates its cuBLAS handle lazily, at the first matrix product. Fill the GPU first (PyTorch's caching
# allocator keeps the memory), then do a first product: what does the handle creation report?
import torch
a = torch.ones(64, 64, device="cuda")
keep = []
try:
    while True:
        keep.append(torch.empty(256 * 2**20, dtype=torch.uint8, device="cuda"))
except torch.OutOfMemoryError:
    pass
try:
    while True:
        keep.append(torch.empty(2**20, dtype=torch.uint8, device="cuda"))
except torch.OutOfMemoryError:
    pass
free, total = torch.cuda.mem_get_info()
print(f"filled: {len(keep)} blocks, cudaMemGetInfo free={free} total={total}", flush=True)
print(a @ a)
