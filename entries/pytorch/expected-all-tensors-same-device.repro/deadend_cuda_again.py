# Dead end "call model.cuda() again": it moves parameters and buffers, not the CPU batch.
import torch

model = torch.nn.Linear(3, 3).cuda()
x = torch.randn(8, 3)                                          # a CPU batch
model.cuda()
print("model.cuda() called again; feeding the batch", flush=True)
print(model(x))
print("not reached")
