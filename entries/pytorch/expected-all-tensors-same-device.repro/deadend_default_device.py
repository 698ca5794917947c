# Dead end "call torch.set_default_device('cuda') at the top of the script": new tensors from factory functions go to
# the GPU, but a tensor converted from NumPy (as a DataLoader's batches often are) stays on the CPU.
import numpy as np
import torch

torch.set_default_device("cuda")
model = torch.nn.Linear(3, 3)
x = torch.from_numpy(np.random.rand(8, 3).astype(np.float32))
print("model on", next(model.parameters()).device, "- batch from NumPy on", x.device, flush=True)
print(model(x))
print("not reached")
