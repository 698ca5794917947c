# Workaround "move every input of the failing operation to the model's device": a CPU batch and CPU targets meet a
# model on the GPU; after .to(device) for each of them the step runs.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 3).cuda()
x, target = torch.randn(8, 3), torch.randn(8, 3)              # a batch from a CPU DataLoader
try:
    F.mse_loss(model(x), target)
except RuntimeError as exc:
    print("CPU batch:", exc, flush=True)

device = next(model.parameters()).device
x = x.to(device, non_blocking=True)
target = target.to(device, non_blocking=True)
loss = F.mse_loss(model(x), target)
loss.backward()
print(f"inputs moved to {device}: loss = {loss.item():.4f}")
print("FIXED: no device mismatch")
