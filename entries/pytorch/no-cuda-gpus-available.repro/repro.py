# Hides every GPU with CUDA_VISIBLE_DEVICES="" and then asks PyTorch for a CUDA tensor.
import os
os.environ["CUDA_VISIBLE_DEVICES"] = ""
import torch
print("is_available:", torch.cuda.is_available(), "device_count:", torch.cuda.device_count())
torch.zeros(1, device="cuda")
