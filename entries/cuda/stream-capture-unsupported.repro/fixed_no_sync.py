# Workaround "remove host synchronization from the captured region: move .item(), .cpu() and printing after the
# replay". In PyTorch, .item() inside torch.cuda.graph fails (child process); the same graph with the value read after
# g.replay() captures and replays.
import subprocess, sys
import torch

x = torch.randn(1 << 20, device="cuda")
s = torch.cuda.Stream()
s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):                                     # warm-up outside the graph
    for _ in range(3):
        y = (x * 2).sum()
torch.cuda.current_stream().wait_stream(s)

if sys.argv[1:] == ["broken"]:
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = (x * 2).sum()
        print("inside the capture:", y.item())
    sys.exit(0)

r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
errors = [line for line in r.stderr.splitlines() if "Error:" in line]
print(".item() inside torch.cuda.graph (child process):", errors[0] if errors else "(no error)",
      f"(exit status {r.returncode})", flush=True)

g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    y = (x * 2).sum()
x.copy_(torch.ones_like(x))                                    # new input, in place
g.replay()
print("after g.replay(): y.item() =", y.item(), "(expected", 2.0 * x.numel(), ")")
assert y.item() == 2.0 * x.numel()
print("FIXED: captured and replayed without 'operation not permitted when stream is capturing'")
