# A Triton matmul tile too large for the GPU's shared memory (the block sizes are the bug).
import torch, triton, triton.language as tl

@triton.jit
def tile_dot(a_ptr, b_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    b = tl.load(b_ptr + r[:, None] * BLOCK + r[None, :])
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], tl.dot(a, b))

print(torch.cuda.get_device_name(0), "triton", triton.__version__, flush=True)
for block in (64, 512):
    a = torch.randn(block, block, device="cuda", dtype=torch.float16)
    c = torch.empty(block, block, device="cuda", dtype=torch.float32)
    tile_dot[(1,)](a, a, c, BLOCK=block)
    torch.cuda.synchronize()
    print(f"BLOCK={block}: ran", flush=True)
