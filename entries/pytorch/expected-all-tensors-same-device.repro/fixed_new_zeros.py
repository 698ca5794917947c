# Workaround "create tensors inside forward on the device of an existing input": torch.zeros(n) inside forward is a
# CPU tensor; x.new_zeros(n) (or torch.zeros(n, device=x.device)) follows the input to the GPU.
import torch


class Broken(torch.nn.Module):
    def forward(self, x):
        return x + torch.zeros(x.size(1))


class Fixed(torch.nn.Module):
    def forward(self, x):
        return x + x.new_zeros(x.size(1)) + torch.zeros(x.size(1), device=x.device)


x = torch.randn(4, 3, device="cuda")
try:
    Broken()(x)
except RuntimeError as exc:
    print("torch.zeros(n) in forward:", exc, flush=True)
y = Fixed()(x)
print("x.new_zeros(n) / torch.zeros(n, device=x.device):", y.device, tuple(y.shape))
print("FIXED: no device mismatch")
