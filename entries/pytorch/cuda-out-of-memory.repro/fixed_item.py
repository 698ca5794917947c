# Workaround "stop keeping autograd graphs alive": an evaluation loop that adds up `loss` tensors keeps every step's
# graph and activations until it runs out of memory; under torch.no_grad() with loss.item() memory stays flat.
# The process is capped at 2 GiB with torch.cuda.set_per_process_memory_fraction so that the error comes quickly.
import torch
torch.manual_seed(0)
torch.cuda.set_per_process_memory_fraction(2 * 2**30 / torch.cuda.get_device_properties(0).total_memory)
model = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 2048), torch.nn.ReLU(),
                            torch.nn.Linear(2048, 1)).cuda()
batches = 100

total = 0
try:
    for step in range(batches):
        loss = model(torch.randn(8192, 2048, device="cuda")).pow(2).mean()
        total = total + loss                      # the bug: a tensor with history, the graph of every step stays
except torch.OutOfMemoryError as exc:
    print(f"total = total + loss: out of memory at step {step}:", str(exc).split(". Including")[0], flush=True)
del total, loss
torch.cuda.reset_peak_memory_stats()

total = 0.0
with torch.no_grad():
    for step in range(batches):
        loss = model(torch.randn(8192, 2048, device="cuda")).pow(2).mean()
        total += loss.item()
print(f"under torch.no_grad() with loss.item(): {batches} steps, mean loss {total / batches:.4f}, peak "
      f"{torch.cuda.max_memory_allocated() / 2**30:.2f} GiB allocated")
print("FIXED: no out-of-memory error")
