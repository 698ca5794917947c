# Allocates on cuda:99 on a one-GPU machine.
import torch
print("device_count:", torch.cuda.device_count())
torch.zeros(1, device="cuda:99")
