# Dead end "gc.collect() or del a few variables inside the loop": a list still references each step's loss, and with
# it the step's autograd graph and activations, so memory keeps growing until the error. Capped at 2 GiB with
# torch.cuda.set_per_process_memory_fraction so that the error comes quickly.
import gc
import torch
torch.manual_seed(0)
torch.cuda.set_per_process_memory_fraction(2 * 2**30 / torch.cuda.get_device_properties(0).total_memory)
model = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 2048), torch.nn.ReLU(),
                            torch.nn.Linear(2048, 1)).cuda()
history = []
for step in range(100):
    x = torch.randn(8192, 2048, device="cuda")
    out = model(x)
    loss = out.pow(2).mean()
    history.append(loss)           # the real leak
    del out, x                     # the dead end
    gc.collect()
    print(f"step {step}: {torch.cuda.memory_allocated() / 2**20:.0f} MiB allocated after del + gc.collect()", flush=True)
print("not reached")
