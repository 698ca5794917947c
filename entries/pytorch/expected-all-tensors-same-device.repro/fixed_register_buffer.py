# Workaround "register constant tensors of a module as buffers": a plain attribute stays on the CPU when the module
# moves to the GPU; a registered buffer moves with it.
import torch


class Broken(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.mask = torch.tensor([1.0, 0.0, 1.0, 0.0])

    def forward(self, x):
        return self.lin(x) * self.mask


class Fixed(Broken):
    def __init__(self):
        super().__init__()
        del self.mask
        self.register_buffer('mask', torch.tensor([1.0, 0.0, 1.0, 0.0]))


x = torch.randn(2, 4, device="cuda")
try:
    Broken().cuda()(x)
except RuntimeError as exc:
    print("self.mask = mask:", exc, flush=True)
m = Fixed().cuda()
print("register_buffer: mask on", m.mask.device, "output", tuple(m(x).shape))
print("FIXED: no device mismatch")
