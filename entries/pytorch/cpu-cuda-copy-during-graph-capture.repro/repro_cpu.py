# Calls .cpu() (a blocking device-to-host copy) on a CUDA tensor inside torch.cuda.graph capture.
import torch
g = torch.cuda.CUDAGraph()
x = torch.ones(1024, device="cuda")
with torch.cuda.graph(g):
    y = x * 2
    print(y.cpu().sum())
