# torch.cuda.graph with a side stream forked in (side.wait_stream(current)) and ended: without the join,
# after side.synchronize(), after torch.cuda.synchronize(), and with the join; each exception in the chain is
# printed (first line), then an ordinary CUDA op checks that the process can go on.
import sys
import torch

case = sys.argv[1]
x = torch.ones(1024, device="cuda")
side = torch.cuda.Stream()
g = torch.cuda.CUDAGraph()
torch.cuda.synchronize()
print(f"== {case} (torch {torch.__version__})")
try:
    with torch.cuda.graph(g):
        y = x * 2
        side.wait_stream(torch.cuda.current_stream())       # fork
        with torch.cuda.stream(side):
            z = x + 1
        if case == "join":
            torch.cuda.current_stream().wait_stream(side)    # join
        elif case == "side_synchronize":
            side.synchronize()
        elif case == "cuda_synchronize":
            torch.cuda.synchronize()
    g.replay()
    torch.cuda.synchronize()
    print("capture ended and replayed: z[0] =", z[0].item())
    status = 0
except Exception as e:
    chain, ex = [], e
    while ex is not None:
        chain.append(ex)
        ex = ex.__context__
    for ex in reversed(chain):
        print(f"{type(ex).__module__}.{type(ex).__name__}: {str(ex).splitlines()[0]}")
    status = 1
try:
    print("afterwards, an ordinary CUDA op:", (x + 3).sum().item())
except Exception as e:
    print("afterwards:", type(e).__name__, str(e).splitlines()[0])
sys.exit(status)
