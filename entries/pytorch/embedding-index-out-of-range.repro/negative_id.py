# audit9 part 4 (issue #10): a negative id given to F.embedding on CUDA. The page says it fails the same device-side
# assertion as an id >= num_embeddings (the index-select kernel compares unsigned indices). Run with stderr captured:
# the assertion lines are printed by the device.
import torch
import torch.nn.functional as F

print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)
weight = torch.randn(10, 4, device="cuda")
try:
    out = F.embedding(torch.tensor([3, -1], device="cuda"), weight)
    torch.cuda.synchronize()
    print("no error; out[1] =", out[1].tolist(), flush=True)
except Exception as e:
    print(f"{type(e).__module__}.{type(e).__name__}: {str(e).splitlines()[0]}", flush=True)
