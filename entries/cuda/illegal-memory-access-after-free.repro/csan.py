# audit5-4: a tensor used on a side stream and freed without record_stream, under PyTorch's CUDA stream sanitizer
# (TORCH_CUDA_SANITIZER=1). Argument "fixed": x.record_stream(s) before del x.
import sys, torch
fixed = len(sys.argv) > 1 and sys.argv[1] == "fixed"
print("torch", torch.__version__, "fixed" if fixed else "no record_stream", flush=True)
s = torch.cuda.Stream()
x = torch.ones(1 << 22, device="cuda")
s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):
    y = x * 2
if fixed:
    x.record_stream(s)
del x
z = torch.zeros(1 << 22, device="cuda")
torch.cuda.synchronize()
print("end of script: y[0] =", y[0].item(), "z[0] =", z[0].item(), flush=True)
