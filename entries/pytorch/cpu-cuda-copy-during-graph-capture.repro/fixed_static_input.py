# Workaround "move host-device transfers out of the captured region": the graph is captured on a static CUDA input;
# each step copies the new CPU batch into it before g.replay() and reads the result after it (repro.py copied the
# pageable CPU tensor inside the capture).
import torch

static_in = torch.empty(1024, device="cuda")
static_out = torch.zeros(1024, device="cuda")
s = torch.cuda.Stream()
s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):                                     # warm-up outside the graph
    static_out.copy_(static_in * 2 + 1)
torch.cuda.current_stream().wait_stream(s)
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    static_out.copy_(static_in * 2 + 1)
for step in range(3):
    batch = torch.full((1024,), float(step))                   # pageable CPU memory, as in repro.py
    static_in.copy_(batch)
    g.replay()
    result = static_out.cpu()
    print(f"step {step}: result[0] = {result[0].item()}")
    assert torch.equal(result, batch * 2 + 1)
print("FIXED: no 'Cannot copy between CPU and CUDA tensors during CUDA graph capture'")
