# Workaround "fix the argument cuBLAS names": parameter 8 is LDA (reference-BLAS numbering). For these column-major
# 64 x 64 matrices lda = ldb = ldc = 64 (>= m); the same SGEMM then succeeds and computes ones @ ones.
import cupy
from cupy_backends.cuda.libs import cublas

a = cupy.ones((64, 64), dtype=cupy.float32)
c = cupy.zeros((64, 64), dtype=cupy.float32)
one = cupy.ones((), dtype=cupy.float32)
zero = cupy.zeros((), dtype=cupy.float32)
handle = cupy.cuda.device.get_cublas_handle()
cublas.setPointerMode(handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
try:
    cublas.sgemm(handle, 0, 0, 64, 64, 64, one.data.ptr, a.data.ptr, 8, a.data.ptr, 8, zero.data.ptr, c.data.ptr, 8)
except cublas.CUBLASError as exc:
    print("lda = ldb = ldc = 8:", type(exc).__name__, exc, flush=True)
cublas.sgemm(handle, 0, 0, 64, 64, 64, one.data.ptr, a.data.ptr, 64, a.data.ptr, 64, zero.data.ptr, c.data.ptr, 64)
cupy.cuda.Device().synchronize()
print("lda = ldb = ldc = 64: C[0, 0] =", float(c[0, 0]), "all equal 64:", bool((c == 64).all()))
print("FIXED: no CUBLAS_STATUS_INVALID_VALUE")
