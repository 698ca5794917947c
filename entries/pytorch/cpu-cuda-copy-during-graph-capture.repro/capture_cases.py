# audit9 part 4 (issue #10): which Python-level operations inside torch.cuda.graph hit PyTorch's "Cannot copy between
# CPU and CUDA tensors during CUDA graph capture" check. Each case runs in a child process (a failed capture is not
# reused); the parent prints the first error line of each child, or the child's own OK line.
import subprocess, sys
import torch

CASES = {
    "y.tolist()": "y.tolist()",
    "torch.tensor([1.0, 2.0], device='cuda')": "torch.tensor([1.0, 2.0], device='cuda')",
    "y[0, 1] = 0.0 (one element)": "y[0, 1] = 0.0",
    "y[:, 1] = 0.0 (a slice)": "y[:, 1] = 0.0",
}

if len(sys.argv) > 1:
    code = CASES[sys.argv[1]]
    x = torch.ones(4, 4, device="cuda")
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):                                   # warm-up outside the graph
        y = x * 2
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = x * 2
        exec(code)
    x.fill_(3.0)
    g.replay()
    torch.cuda.synchronize()
    print(f"OK: captured and replayed; after replay with x = 3: y[0] = {y[0].tolist()}")
    sys.exit(0)

print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)
for name in CASES:
    r = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True)
    lines = [l for l in (r.stdout + r.stderr).splitlines() if l.startswith(("OK:", "RuntimeError", "torch."))]
    print(f"{name}: {lines[0] if lines else '(no result line)'} (exit status {r.returncode})", flush=True)
