# Mixes a CPU tensor and a CUDA tensor: nn.Linear on CUDA fed a CPU batch, a + b, then torch.mm (uncaught).
import traceback, torch
a = torch.randn(3, 3, device="cuda")
b = torch.randn(3, 3)
lin = torch.nn.Linear(3, 3).cuda()
for f in (lambda: lin(b), lambda: a + b):
    try:
        f()
    except RuntimeError:
        traceback.print_exc()
torch.mm(a, b)
