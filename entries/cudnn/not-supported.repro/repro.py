# A convolution whose input has more than 2**31 elements: PyTorch's cuDNN path, as users hit it with large
# batches or volumes. Prints whatever PyTorch reports (or that it worked).
import torch
print(torch.__version__, torch.backends.cudnn.version(), flush=True)
x = torch.randn(2**31 // (64 * 64 * 8) + 1, 8, 64, 64, device="cuda", dtype=torch.float16)
print("input elements:", x.numel(), flush=True)
conv = torch.nn.Conv2d(8, 8, 3, padding=1).cuda().half()
with torch.no_grad():
    y = conv(x)
torch.cuda.synchronize()
print("conv2d ran:", tuple(y.shape))
