"""cuSOLVER CUSOLVER_STATUS_INVALID_VALUE as PyTorch prints it, and what NaN or singular input really gives.

1. torch.linalg.eigh on a large batch of small (4x4, then 3x3) symmetric matrices: PyTorch's batched path asks
   cuSOLVER for its workspace size first; past some batch size that call refuses the arguments. The batch grows
   until cuSOLVER refuses it (an out-of-memory error on the way is printed and the next size tried). If no batch is
   refused, one large matrix (n=30000) is tried.
2. The same decompositions on a matrix full of NaN, and inv/solve on an exactly singular matrix: what the user's
   "This error may appear if the input matrix contains NaN" hint is about.
"""
import sys

import torch

print("torch", torch.__version__, "cuda", torch.version.cuda, "device", torch.cuda.get_device_name(0))
dev = "cuda"


def attempt(label, fn):
    try:
        out = fn()
        torch.cuda.synchronize()
        flat = [o for o in (out if isinstance(out, (tuple, list)) else [out]) if isinstance(o, torch.Tensor)]
        nan = any(bool(torch.isnan(o).any()) for o in flat if o.is_floating_point() or o.is_complex())
        print(f"{label}: OK (result contains NaN: {nan})")
        return None
    except Exception as exc:  # noqa: BLE001
        print(f"{label}: {type(exc).__module__}.{type(exc).__name__}: {exc}")
        return exc


print("== 1. batched eigh of small identity matrices (4x4, then 3x3), growing the batch")
failed_at = None
for n, batches in ((4, (8_192, 16_384, 32_768, 65_536, 131_072)), (3, (32_768, 65_536, 131_072, 262_144))):
    for batch in batches:
        a = torch.eye(n, device=dev).expand(batch, n, n).contiguous()
        exc = attempt(f"eigh {n}x{n} batch={batch}", lambda: torch.linalg.eigh(a))
        del a
        torch.cuda.empty_cache()
        if exc is not None and "INVALID_VALUE" in str(exc):
            failed_at = (n, batch)
            break
    if failed_at:
        break
print("first batch refused with CUSOLVER_STATUS_INVALID_VALUE:", failed_at)
if failed_at is None:
    print("== 1b. one large symmetric matrix (n=30000, float32)")
    big = torch.eye(30_000, device=dev)
    attempt("eigh n=30000", lambda: torch.linalg.eigh(big))
    del big
    torch.cuda.empty_cache()

print("== 2. NaN input (64x64, float32)")
nan = torch.full((64, 64), float("nan"), device=dev)
for name, fn in [("linalg.svd", lambda: torch.linalg.svd(nan)),
                 ("linalg.eigh", lambda: torch.linalg.eigh(nan)),
                 ("linalg.inv", lambda: torch.linalg.inv(nan)),
                 ("linalg.solve", lambda: torch.linalg.solve(nan, torch.ones(64, 1, device=dev))),
                 ("linalg.cholesky", lambda: torch.linalg.cholesky(nan)),
                 ("linalg.qr", lambda: torch.linalg.qr(nan)),
                 ("linalg.lstsq", lambda: torch.linalg.lstsq(nan, torch.ones(64, 1, device=dev)))]:
    attempt(f"{name}(NaN)", fn)

print("== 3. exactly singular input (64x64 zeros)")
zero = torch.zeros(64, 64, device=dev)
attempt("linalg.inv(singular)", lambda: torch.linalg.inv(zero))
attempt("linalg.solve(singular)", lambda: torch.linalg.solve(zero, torch.ones(64, 1, device=dev)))
attempt("linalg.cholesky(singular)", lambda: torch.linalg.cholesky(zero))

libs = sorted({line.split()[-1] for line in open("/proc/self/maps") if "cusolver" in line})
print("cuSOLVER loaded by this process:", libs)
sys.exit(1 if failed_at else 0)
