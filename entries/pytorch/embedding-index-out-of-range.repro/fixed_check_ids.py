# Workaround "check the id range against the embedding size before the lookup": the check names the bad id in a
# plain AssertionError before any kernel runs (the CUDA context stays usable); ids within range look up fine.
import torch

emb = torch.nn.Embedding(10, 4).cuda()


def lookup(ids: torch.Tensor) -> torch.Tensor:
    assert 0 <= int(ids.min()) and int(ids.max()) < emb.num_embeddings, (int(ids.min()), int(ids.max()), emb.num_embeddings)
    return emb(ids)


try:
    lookup(torch.tensor([[1, 2, 10]], device="cuda"))          # as in repro.py: 10 is not a row
except AssertionError as exc:
    print("ids [[1, 2, 10]]: AssertionError", exc, flush=True)
out = lookup(torch.tensor([[1, 2, 9]], device="cuda"))
torch.cuda.synchronize()
print("ids [[1, 2, 9]]: output shape", tuple(out.shape))
print("FIXED: no device-side assert; the bad id was named before the lookup")
