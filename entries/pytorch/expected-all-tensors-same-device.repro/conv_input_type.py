# Convolutions check devices with their own wording: "Input type (...) and weight type (...) should be the same".
# Printed for a CPU batch into a CUDA Conv2d, a CUDA batch into a CPU Conv2d, and (for contrast) a dtype mismatch
# on one device, which is not a device problem.
import torch

print("torch", torch.__version__, flush=True)
gpu_conv = torch.nn.Conv2d(3, 8, 3).cuda()
cpu_conv = torch.nn.Conv2d(3, 8, 3)
x = torch.randn(1, 3, 16, 16)
cases = [("CPU input, CUDA weights", lambda: gpu_conv(x)),
         ("CUDA input, CPU weights", lambda: cpu_conv(x.cuda())),
         ("CUDA half input, CUDA float weights", lambda: gpu_conv(x.cuda().half()))]
failed = 0
for name, fn in cases:
    try:
        fn()
        print(f"{name}: no error")
    except Exception as e:  # print exactly what PyTorch raises
        failed += 1
        print(f"{name}: {type(e).__name__}: {e}")
y = gpu_conv(x.to(next(gpu_conv.parameters()).device))
print("after x.to(weight device):", tuple(y.shape), y.device)
