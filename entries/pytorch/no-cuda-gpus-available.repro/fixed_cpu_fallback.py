# Workaround "make the code fall back to CPU when no GPU is visible". Run as
#   CUDA_VISIBLE_DEVICES= python3 fixed_cpu_fallback.py
import os
import torch

print("CUDA_VISIBLE_DEVICES =", repr(os.environ.get("CUDA_VISIBLE_DEVICES")), flush=True)
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
model = torch.nn.Linear(4, 2).to(device)
x = torch.randn(3, 4, device=device)
print("device:", device, "- output shape", tuple(model(x).shape))
print("FIXED: no 'No CUDA GPUs are available'; the script ran on the CPU")
