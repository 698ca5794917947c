# Workaround "run the same step on CPU": the CPU bounds check raises a readable IndexError that names the index and
# the size, instead of an asynchronous device-side assert that poisons the CUDA context.
import torch

x = torch.arange(10, device="cuda")
idx = torch.tensor([0, 20], device="cuda")                    # as in repro.py
try:
    x.cpu()[idx.cpu()]
except IndexError as exc:
    print("on the CPU: IndexError:", exc, flush=True)
print("CUDA context still usable:", torch.ones(3, device="cuda").sum().item())
print("FIXED: a readable IndexError at the indexing line, no device-side assert")
