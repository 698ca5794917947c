# Dead end "call torch.cuda.empty_cache() or catch the exception and keep going": after the illegal address the
# context is unusable; the next step, with fresh and valid tensors, fails too.
import cupy
import torch

x = torch.zeros(4, device="cuda")
k = cupy.RawKernel(r'''extern "C" __global__ void w(unsigned long long a) { ((int*)a)[threadIdx.x] = 1; }''', "w")
k((1,), (32,), (cupy.uint64(0xdeadbeef000),))                 # bad address, as in repro_torch.py
try:
    torch.cuda.synchronize()
except Exception as exc:                                       # torch.AcceleratorError
    print("caught:", type(exc).__name__, str(exc).splitlines()[0], flush=True)
print("calling torch.cuda.empty_cache() and going on with the next step", flush=True)
torch.cuda.empty_cache()
y = torch.ones(1024, device="cuda")
print("next step:", float(y.sum()))
print("not reached")
