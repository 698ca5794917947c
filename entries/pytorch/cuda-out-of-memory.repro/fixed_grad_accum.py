# Workaround "smaller batch + gradient accumulation": the batch of 65,536 does not fit at once; 8 micro-batches of
# 8,192 with the loss divided by accum_steps do, and give the same gradients (checked on a subset). The process is
# capped at 4 GiB with torch.cuda.set_per_process_memory_fraction so that the error comes quickly.
import torch
torch.manual_seed(0)
torch.cuda.set_per_process_memory_fraction(4 * 2**30 / torch.cuda.get_device_properties(0).total_memory)
layers = [m for _ in range(4) for m in (torch.nn.Linear(4096, 4096), torch.nn.ReLU())]
model = torch.nn.Sequential(*layers, torch.nn.Linear(4096, 10)).cuda()
criterion = torch.nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x_all, y_all = torch.randn(65536, 4096), torch.randint(0, 10, (65536,))   # one batch, on the CPU

try:
    criterion(model(x_all.cuda()), y_all.cuda()).backward()
except torch.OutOfMemoryError as exc:
    print("whole batch of 65536:", type(exc).__name__, str(exc).split(". Including")[0], flush=True)
opt.zero_grad(set_to_none=True)
torch.cuda.reset_peak_memory_stats()

accum_steps = 8
micro = 65536 // accum_steps
for step, (x, y) in enumerate(zip(x_all.split(micro), y_all.split(micro))):
    loss = criterion(model(x.cuda()), y.cuda()) / accum_steps
    loss.backward()
    if (step + 1) % accum_steps == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)
print(f"{accum_steps} micro-batches of {micro}: optimizer stepped, peak "
      f"{torch.cuda.max_memory_allocated() / 2**30:.2f} GiB allocated", flush=True)

# Same gradients: 1,024 samples at once vs 8 x 128 accumulated.
xs, ys = x_all[:1024].cuda(), y_all[:1024].cuda()
criterion(model(xs), ys).backward()
full = [p.grad.clone() for p in model.parameters()]
opt.zero_grad(set_to_none=True)
for x, y in zip(xs.split(128), ys.split(128)):
    (criterion(model(x), y) / 8).backward()
diff = max((p.grad - g).abs().max().item() for p, g in zip(model.parameters(), full))
print(f"max |grad(full batch) - grad(accumulated)| = {diff:.2e}")
assert diff < 1e-4
print("FIXED: no out-of-memory error; the accumulated step sees the whole batch")
