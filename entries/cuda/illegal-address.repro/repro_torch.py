# A raw CuPy kernel writes through a bad pointer in PyTorch's CUDA context; PyTorch reports it at its next sync.
import torch, cupy
x = torch.zeros(4, device="cuda")                       # PyTorch creates the primary context
k = cupy.RawKernel(r'''extern "C" __global__ void w(unsigned long long a) { ((int*)a)[threadIdx.x] = 1; }''', "w")
k((1,), (32,), (cupy.uint64(0xdeadbeef000),))           # bad address, launch is asynchronous
torch.cuda.synchronize()                                # error surfaces here
