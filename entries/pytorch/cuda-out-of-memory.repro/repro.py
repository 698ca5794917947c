# Asks the caching allocator for 10 TB (fails at once), then fills the GPU in 4 GiB tensors until the realistic OOM.
import traceback, torch
try:
    torch.empty(10**13, device="cuda", dtype=torch.uint8)
except torch.OutOfMemoryError:
    traceback.print_exc()
print("---- filling the GPU in 4 GiB blocks ----", flush=True)
keep = []
while True:
    keep.append(torch.empty(4 * 2**30, device="cuda", dtype=torch.uint8))
