# Workaround "give the autotuner configurations that fit smaller GPUs, or pick configs by the device's limit": the
# autotuner skips a configuration that raises OutOfResources when a smaller one is listed; and the limit read from
# the driver picks a fitting tile by hand.
import torch
import triton
import triton.language as tl

props = triton.runtime.driver.active.utils.get_device_properties(torch.cuda.current_device())
print(torch.cuda.get_device_name(0), "triton", triton.__version__, "max_shared_mem", props["max_shared_mem"], flush=True)

CONFIGS = [triton.Config({"BLOCK_M": 256, "BLOCK_N": 128, "BLOCK_K": 128}, num_stages=4, num_warps=8),
           triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_stages=2, num_warps=4)]


def kernel_body(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


tuned = triton.autotune(configs=CONFIGS, key=["M", "N", "K"])(triton.jit(kernel_body))
plain = triton.jit(kernel_body)

M = N = K = 2048
torch.manual_seed(0)
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
ref = a.float() @ b.float()

c = torch.empty(M, N, device="cuda", dtype=torch.float32)
tuned[lambda meta: (M // meta["BLOCK_M"], N // meta["BLOCK_N"])](a, b, c, M, N, K)
torch.cuda.synchronize()
print("autotune picked:", tuned.best_config, f"max abs error {(c - ref).abs().max().item():.3g}", flush=True)


def smem_estimate(cfg: triton.Config) -> int:
    m, n, k = cfg.kwargs["BLOCK_M"], cfg.kwargs["BLOCK_N"], cfg.kwargs["BLOCK_K"]
    return (m * k + k * n) * 2 * cfg.num_stages                 # fp16 tiles per pipeline stage


fitting = [cfg for cfg in CONFIGS if smem_estimate(cfg) <= props["max_shared_mem"]]
cfg = fitting[0]
c2 = torch.empty(M, N, device="cuda", dtype=torch.float32)
plain[(M // cfg.kwargs["BLOCK_M"], N // cfg.kwargs["BLOCK_N"])](a, b, c2, M, N, K, **cfg.kwargs,
                                                                 num_stages=cfg.num_stages, num_warps=cfg.num_warps)
torch.cuda.synchronize()
print("picked by the limit:", cfg, f"max abs error {(c2 - ref).abs().max().item():.3g}")
assert (c - ref).abs().max().item() < 0.1 and (c2 - ref).abs().max().item() < 0.1
print("FIXED: no OutOfResources")
