# Dead end "wrap the failing call in try/except and keep using the GPU in the same process": after the device-side
# assert (cudaErrorAssert, 710) every later CUDA call fails.
import torch

x = torch.arange(10, device="cuda")
try:
    x[torch.tensor([0, 20], device="cuda")]                    # as in repro.py
    torch.cuda.synchronize()
except RuntimeError as exc:                                    # torch.AcceleratorError is a RuntimeError
    print("caught:", type(exc).__name__, str(exc).splitlines()[0], flush=True)
print("keep going: torch.zeros(1, device='cuda') + 1", flush=True)
print((torch.zeros(1, device="cuda") + 1).item())
print("not reached")
