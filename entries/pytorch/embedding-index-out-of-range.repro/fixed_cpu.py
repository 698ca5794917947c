# Workaround "reproduce on CPU": the same lookup on the CPU raises a readable IndexError at the embedding call.
import torch

emb = torch.nn.Embedding(10, 4).cuda()
ids = torch.tensor([[1, 2, 10]], device="cuda")                # as in repro.py
try:
    emb.cpu()(ids.cpu())
except IndexError as exc:
    print("on the CPU: IndexError:", exc, flush=True)
emb.cuda()
print("CUDA context still usable:", tuple(emb(ids.clamp(max=9)).shape))
print("FIXED: a readable IndexError at the lookup, no device-side assert")
