# Dead end "call torch.cuda.empty_cache() after catching the error and retry the same step": the memory is held by
# live tensors (each step keeps its 4 GiB), so the retry fails exactly as before.
import torch
keep = []


def step():
    keep.append(torch.empty(4 * 2**30, dtype=torch.uint8, device="cuda"))


try:
    while True:
        step()
except torch.OutOfMemoryError as exc:
    print(f"after {len(keep)} steps:", str(exc).split(". Including")[0], flush=True)
torch.cuda.empty_cache()
print("torch.cuda.empty_cache() called; retrying the same step", flush=True)
step()
print("not reached")
