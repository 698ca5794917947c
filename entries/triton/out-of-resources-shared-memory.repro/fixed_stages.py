# Workaround "lower num_stages first, then the block sizes": a tiled fp16 matmul whose tiles and pipeline stages need
# more shared memory than the GPU has raises OutOfResources; with fewer stages, then smaller tiles, it fits and gives
# the right product.
import torch
import triton
import triton.language as tl
from triton.runtime.errors import OutOfResources


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


M = N = K = 2048
torch.manual_seed(0)
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float32)
print(torch.cuda.get_device_name(0), "triton", triton.__version__, flush=True)
for bm, bn, bk, stages, warps in ((256, 128, 128, 4, 8), (256, 128, 128, 2, 8), (64, 64, 32, 2, 4)):
    try:
        matmul[(M // bm, N // bn)](a, b, c, M, N, K, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, num_stages=stages,
                                   num_warps=warps)
        torch.cuda.synchronize()
        err = (c - a.float() @ b.float()).abs().max().item()
        print(f"BLOCK_M={bm}, BLOCK_N={bn}, BLOCK_K={bk}, num_stages={stages}: ran, max abs error {err:.3g}", flush=True)
    except OutOfResources as exc:
        print(f"BLOCK_M={bm}, BLOCK_N={bn}, BLOCK_K={bk}, num_stages={stages}: OutOfResources: {exc}", flush=True)
assert err < 0.1
print("FIXED: the kernel fits in shared memory and computes the product")
