# A cuBLAS call with a handle that cublasCreate never made (0, as after a failed or skipped create).
import cupy
from cupy_backends.cuda.libs import cublas
x = cupy.ones(16, dtype=cupy.float32)
print("sasum with handle 0:", flush=True)
cublas.sasum(0, 16, x.data.ptr, 1, cupy.zeros((), dtype=cupy.float32).data.ptr)
