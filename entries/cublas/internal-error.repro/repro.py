# An earlier kernel faults (illegal address, a sticky error); the next cuBLAS product in the same process is
# where many users first see an error. What does PyTorch print there?
import torch, cupy
bad = cupy.RawKernel(r'''extern "C" __global__ void bad(float* p) { p[threadIdx.x] = 1.0f; }''', "bad")
a = torch.ones(512, 512, device="cuda")
bad((1,), (32,), (cupy.uint64(0xdead0000),))  # writes through a pointer nobody allocated
print("kernel launched (asynchronously); now a matrix product:", flush=True)
b = a @ a
print("product queued; synchronizing:", flush=True)
torch.cuda.synchronize()
