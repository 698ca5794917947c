"""cuSOLVER handle creation after an earlier kernel faulted (a sticky CUDA error): what cusolverDnCreate returns
(ctypes, on the library PyTorch loaded) and what PyTorch prints when its first linear-algebra call has to create the
handle. The fault is a kernel writing through a bad pointer (CuPy RawKernel)."""
import ctypes
import glob
import os
import sys

import cupy
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

print("torch", torch.__version__, "cuda", torch.version.cuda, "cupy", cupy.__version__,
      "device", torch.cuda.get_device_name(0))
a = torch.eye(4, device="cuda")  # the input exists before the fault
bad = cupy.RawKernel(r'''
extern "C" __global__ void bad(int *p) { p[threadIdx.x] = 1; }
''', "bad")
bad((1,), (32,), (cupy.uint64(0xdead0000),))
try:
    cupy.cuda.runtime.deviceSynchronize()
    print("sync after the bad kernel: OK")
except Exception as exc:  # noqa: BLE001
    print(f"sync after the bad kernel: {type(exc).__name__}: {exc}")

path = cusolver_path()
print("cuSOLVER library:", path)
lib = ctypes.CDLL(path)
handle = ctypes.c_void_p()
print(f"cusolverDnCreate (ctypes, {os.path.basename(path)}) returned {lib.cusolverDnCreate(ctypes.byref(handle))}")
try:
    torch.linalg.inv(a)
    torch.cuda.synchronize()
    print("torch.linalg.inv after the fault: OK")
    sys.exit(0)
except Exception as exc:  # noqa: BLE001
    print(f"torch.linalg.inv after the fault: {type(exc).__module__}.{type(exc).__name__}: {exc}")
    sys.exit(1)
