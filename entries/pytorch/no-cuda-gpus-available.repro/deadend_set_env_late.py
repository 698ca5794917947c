# Dead end "set os.environ['CUDA_VISIBLE_DEVICES'] = '0' halfway through the script". Run as
#   CUDA_VISIBLE_DEVICES= python3 deadend_set_env_late.py
# torch.cuda.is_available() has already initialised CUDA with no visible device; the later change is not read.
import os
import torch

print("is_available:", torch.cuda.is_available(), flush=True)
os.environ["CUDA_VISIBLE_DEVICES"] = "0"
print("CUDA_VISIBLE_DEVICES set to '0'; device_count:", torch.cuda.device_count(), flush=True)
torch.zeros(1, device="cuda")
print("not reached")
