# Workaround "check the return value of cublasCreate and never call a routine with a handle that was not created": the
# same SASUM with a handle from cublasCreate (CuPy raises if creation fails), destroyed after use.
import cupy
from cupy_backends.cuda.libs import cublas

x = cupy.ones(16, dtype=cupy.float32)
result = cupy.zeros((), dtype=cupy.float32)
try:
    cublas.sasum(0, 16, x.data.ptr, 1, result.data.ptr)
except cublas.CUBLASError as exc:
    print("handle 0:", type(exc).__name__, exc, flush=True)
handle = cublas.create()                                       # raises CUBLASError if cublasCreate fails
print("cublasCreate returned a handle:", handle != 0, flush=True)
cublas.setPointerMode(handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
cublas.sasum(handle, 16, x.data.ptr, 1, result.data.ptr)
cupy.cuda.Device().synchronize()
print("sasum with the created handle:", float(result))
cublas.destroy(handle)
print("FIXED: no CUBLAS_STATUS_NOT_INITIALIZED")
