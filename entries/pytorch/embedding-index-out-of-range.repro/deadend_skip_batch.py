# Dead end "catch the exception and skip the offending batch": after the device-side assert the next batch, with
# valid ids, fails too.
import torch

emb = torch.nn.Embedding(10, 4).cuda()
try:
    emb(torch.tensor([[1, 2, 10]], device="cuda"))             # batch 0: id 10 is out of range
    torch.cuda.synchronize()
except RuntimeError as exc:                                    # torch.AcceleratorError is a RuntimeError
    print("batch 0 skipped after:", type(exc).__name__, str(exc).splitlines()[0], flush=True)
print("batch 1, valid ids [[1, 2, 3]]:", flush=True)
out = emb(torch.tensor([[1, 2, 3]], device="cuda"))
torch.cuda.synchronize()
print(tuple(out.shape))
print("not reached")
