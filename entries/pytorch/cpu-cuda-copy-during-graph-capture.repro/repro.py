# Copies a pageable CPU tensor to the GPU inside torch.cuda.graph capture.
import torch
g = torch.cuda.CUDAGraph()
host = torch.ones(1024)                        # pageable (not pinned) CPU memory
static = torch.zeros(1024, device="cuda")
with torch.cuda.graph(g):
    static.add_(host.to("cuda"))
