# Looks up token id 10 in an nn.Embedding of 10 rows on CUDA; the device-side assert fires.
import torch
emb = torch.nn.Embedding(10, 4).cuda()
ids = torch.tensor([[1, 2, 10]], device="cuda")   # valid ids are 0..9
out = emb(ids)
torch.cuda.synchronize()
