# What PyTorch raises for the two cudaEventElapsedTime misuses that return cudaErrorInvalidResourceHandle in C++
# (repro.cu): timing events created without enable_timing=True, and events never recorded. Prints the exception
# type and message PyTorch itself raises (audit9, issue #10: the page says PyTorch checks these before CUDA sees them).
import torch

print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)


def attempt(name, fn):
    try:
        print(f"{name}: returned {fn()}")
    except Exception as e:  # print exactly what PyTorch raises
        print(f"{name}: {type(e).__name__}: {e}")


a = torch.cuda.Event()  # enable_timing defaults to False
b = torch.cuda.Event()
a.record(); torch.cuda._sleep(1000); b.record(); b.synchronize()
attempt("recorded, created without enable_timing", lambda: a.elapsed_time(b))

c = torch.cuda.Event(enable_timing=True)
d = torch.cuda.Event(enable_timing=True)
attempt("enable_timing=True, never recorded", lambda: c.elapsed_time(d))

c.record(); torch.cuda._sleep(1000); d.record(); d.synchronize()
attempt("enable_timing=True, both recorded", lambda: round(c.elapsed_time(d), 6) >= 0)
x = torch.ones(4, device="cuda")
print("CUDA still usable afterwards:", (x * 2).sum().item())
