"""The same full GPU as repro.py, then the fix: drop the tensors and return PyTorch's cached blocks to the driver
(torch.cuda.empty_cache(): cuSOLVER allocates its handle with cudaMalloc, outside PyTorch's cache), then the first
linear-algebra call creates its handle."""
import sys

import torch

torch.zeros(1, device="cuda")
hold = []
for size in (1 << 30, 1 << 26, 1 << 21):
    while True:
        try:
            hold.append(torch.empty(size, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            break
a = torch.eye(4, device="cuda")
try:
    torch.linalg.inv(a)
    torch.cuda.synchronize()
    print("full GPU: torch.linalg.inv OK")
except Exception as exc:  # noqa: BLE001
    print(f"full GPU: {type(exc).__name__}: {str(exc).splitlines()[0]}")
del hold
print(f"after del: free {torch.cuda.mem_get_info()[0] / 2**20:.0f} MiB (PyTorch still caches the blocks)")
torch.cuda.empty_cache()
print(f"after empty_cache(): free {torch.cuda.mem_get_info()[0] / 2**20:.0f} MiB")
inv = torch.linalg.inv(a)
torch.cuda.synchronize()
ok = bool(torch.equal(inv, torch.eye(4, device="cuda")))
print("torch.linalg.inv after freeing:", "OK" if ok else "wrong result")
print("FIXED" if ok else "NOT FIXED")
sys.exit(0 if ok else 1)
