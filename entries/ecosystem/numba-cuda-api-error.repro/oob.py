# A Numba kernel writes far outside its 16-element array: what the installed numba-cuda prints on the GPU
# ("gpu"), and what the CUDA simulator does with the same kernel ("sim", NUMBA_ENABLE_CUDASIM=1).
import os
import sys

mode = sys.argv[1]
if mode == "sim":
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
import numpy as np
import numba
from numba import cuda

versions = [f"numba {numba.__version__}"]
try:
    import numba_cuda
    versions.append(f"numba_cuda {numba_cuda.__version__}")
except ImportError:
    pass
print(f"== {mode}:", ", ".join(versions))


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i + (1 << 30)] = 1.0      # 4 GiB past a 64-byte array


try:
    a = cuda.to_device(np.zeros(16, dtype=np.float32))
    k[1, 32](a)
    cuda.synchronize()
    a.copy_to_host()
    print("no error")
    sys.exit(0)
except Exception as e:
    print(f"{type(e).__module__}.{type(e).__name__}: {e}")
    sys.exit(1)
