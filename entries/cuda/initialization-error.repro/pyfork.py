# audit5-4: CuPy and PyTorch used in a child created with os.fork() after the parent used the GPU.
import os, sys
lib = sys.argv[1]
if lib == "cupy":
    import cupy
    print("cupy", cupy.__version__, "parent:", float(cupy.ones(4).sum()), flush=True)
    use = lambda: float(cupy.ones(4).sum())
else:
    import torch
    print("torch", torch.__version__, "parent:", float(torch.ones(4, device="cuda").sum()), flush=True)
    use = lambda: float(torch.ones(4, device="cuda").sum())
pid = os.fork()
if pid == 0:
    try:
        print("child:", use(), flush=True)
    except Exception as e:
        print("child:", type(e).__module__ + "." + type(e).__qualname__ + ":", e, flush=True)
    os._exit(0)
os.waitpid(pid, 0)
print("parent after child:", use(), flush=True)
