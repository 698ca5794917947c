# Workaround "load checkpoints onto the target device and create the optimizer after moving the model": resuming by
# loading model and Adam state on the CPU and moving the model afterwards leaves Adam's state on the CPU; loading
# with map_location=device and moving the model before building the optimizer resumes on the GPU.
import os, tempfile
import torch


def make_model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Linear(4, 4)


def train_step(model, opt, device):
    model(torch.randn(2, 4, device=device)).sum().backward()
    opt.step()


# A checkpoint written by an earlier run (one Adam step on the CPU).
m = make_model(); o = torch.optim.Adam(m.parameters()); train_step(m, o, "cpu")
path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")
torch.save({"model": m.state_dict(), "opt": o.state_dict()}, path)
device = torch.device("cuda")

for foreach in (None, False):                                  # Adam's default implementation, then the per-tensor one
    model = make_model(); opt = torch.optim.Adam(model.parameters(), foreach=foreach)
    state = torch.load(path)
    model.load_state_dict(state["model"]); opt.load_state_dict(state["opt"])
    model.to(device)                                           # the model moves, Adam's state stays on the CPU
    try:
        train_step(model, opt, device)
        print(f"optimizer built before the move (foreach={foreach}): no error", flush=True)
    except RuntimeError as exc:
        print(f"optimizer built before the move (foreach={foreach}):", str(exc).splitlines()[0], flush=True)

state = torch.load(path, map_location=device)
model = make_model(); model.to(device)
opt = torch.optim.Adam(model.parameters())
model.load_state_dict(state["model"]); opt.load_state_dict(state["opt"])
train_step(model, opt, device)
print("map_location=device, model moved before building the optimizer: exp_avg / exp_avg_sq on",
      sorted({str(v.device) for s in opt.state.values() for k, v in s.items() if k != "step"}))
print("FIXED: the resumed step ran")
