# Indexes a CUDA tensor out of bounds; the index kernel's device-side assert fires and PyTorch raises at the next sync.
import torch
x = torch.arange(10, device="cuda")
idx = torch.tensor([0, 20], device="cuda")   # 20 is out of range for size 10
y = x[idx]
torch.cuda.synchronize()
