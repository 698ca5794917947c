# Workaround "validate indices and labels before they reach the GPU": the checks run on the CPU batch and stop the
# bad one with an AssertionError, the CUDA context stays usable, and the batch with fixed data trains.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
num_classes = 5
embedding = torch.nn.Embedding(100, 8).cuda()
head = torch.nn.Linear(8, num_classes).cuda()


def train_step(ids: torch.Tensor, labels: torch.Tensor) -> float:
    assert labels.min() >= 0 and labels.max() < num_classes
    assert ids.max() < embedding.num_embeddings
    logits = head(embedding(ids.cuda()).mean(1))
    return F.cross_entropy(logits, labels.cuda()).item()


ids = torch.randint(0, 100, (4, 6))
try:
    train_step(ids, torch.tensor([0, 1, 5, 2]))                # label 5 with 5 classes
except AssertionError:
    print("labels [0, 1, 5, 2]: AssertionError before anything reached the GPU", flush=True)
print("labels [0, 1, 4, 2]: loss =", train_step(ids, torch.tensor([0, 1, 4, 2])))
print("FIXED: no device-side assert")
