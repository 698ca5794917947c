# Workaround "check the index range before indexing and fix the source of the bad values": the check names the bad
# values in a plain AssertionError before any kernel runs (the CUDA context stays usable); the source here was
# 1-based positions, and the fixed indices pass the check and index without a device-side assert.
import torch

x = torch.arange(10, device="cuda") * 10
positions = torch.tensor([1, 5, 10])                          # 1-based positions read from a file


def check(idx: torch.Tensor, x: torch.Tensor) -> None:
    n = x.size(0); assert -n <= int(idx.min()) and int(idx.max()) < n, (int(idx.min()), int(idx.max()), n)


idx = positions.to("cuda")
try:
    check(idx, x)
except AssertionError as exc:
    print("check on the 1-based positions: AssertionError", exc, flush=True)

idx = (positions - 1).to("cuda")                              # the source fixed: 0-based
check(idx, x)
y = x[idx]
torch.cuda.synchronize()
print("x[idx] =", y.tolist())
print("FIXED: no device-side assert")
