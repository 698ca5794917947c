# Dead end "wrap the failing line in try/except and continue with the next batch": after the device-side assert
# every later CUDA call in the process fails, also for a batch with valid indices.
import torch

x = torch.arange(10, device="cuda")
try:
    y = x[torch.tensor([0, 20], device="cuda")]                # batch 0: 20 is out of range
    torch.cuda.synchronize()
except RuntimeError as exc:                                    # torch.AcceleratorError is a RuntimeError
    print("batch 0 skipped after:", type(exc).__name__, str(exc).splitlines()[0], flush=True)
print("batch 1, valid indices [1, 2]:", flush=True)
y = x[torch.tensor([1, 2], device="cuda")]
torch.cuda.synchronize()
print(y.tolist())
print("not reached")
