"""cuSOLVER handle creation on a GPU whose memory is full: what cusolverDnCreate itself returns (called through
ctypes on the library PyTorch loaded), and what PyTorch prints when its first linear-algebra call has to create the
handle. The GPU is filled with PyTorch tensors first (1 GiB blocks, then smaller ones down to 2 MiB), so the
handle's own cudaMalloc calls have nothing left."""
import ctypes
import os
import sys

import torch


def cusolver_path():
    """The libcusolver this process loaded (PyTorch links it), else the pip wheels' copy, else the toolkit's."""
    import glob
    import os
    maps = sorted({l.split()[-1] for l in open("/proc/self/maps") if "libcusolver.so" in l})
    if maps:
        return maps[0]
    try:
        import nvidia
        hits = sorted(glob.glob(os.path.join(list(nvidia.__path__)[0], "**", "libcusolver.so*"), recursive=True))
        if hits:
            return hits[0]
    except ImportError:
        pass
    return sorted(glob.glob("/usr/local/cuda/lib64/libcusolver.so*"))[0]

print("torch", torch.__version__, "cuda", torch.version.cuda, "device", torch.cuda.get_device_name(0))
a_gpu = torch.eye(4, device="cuda")  # the input exists before the GPU is filled
hold = []
for size in (1 << 30, 1 << 26, 1 << 21):
    while True:
        try:
            hold.append(torch.empty(size, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            break
free, total = torch.cuda.mem_get_info()
print(f"filled: {len(hold)} blocks held, free {free / 2**20:.0f} MiB of {total / 2**20:.0f} MiB")

# The cuSOLVER library that this PyTorch build loads (its wheel's copy), called directly.
path = cusolver_path()
print("cuSOLVER library:", path)
lib = ctypes.CDLL(path)
handle = ctypes.c_void_p()
status = lib.cusolverDnCreate(ctypes.byref(handle))
print(f"cusolverDnCreate (ctypes, {os.path.basename(path)}) returned {status}")

try:
    torch.linalg.inv(a_gpu)
    torch.cuda.synchronize()
    print("torch.linalg.inv on a full GPU: OK")
    sys.exit(0)
except Exception as exc:  # noqa: BLE001
    print(f"torch.linalg.inv on a full GPU: {type(exc).__module__}.{type(exc).__name__}: {exc}")
    sys.exit(1)
