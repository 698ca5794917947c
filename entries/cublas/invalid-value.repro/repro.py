# cuBLAS called directly (through CuPy's thin binding) with a leading dimension smaller than the matrix:
# the library itself refuses the arguments with CUBLAS_STATUS_INVALID_VALUE.
import cupy
from cupy_backends.cuda.libs import cublas
a = cupy.ones((64, 64), dtype=cupy.float32)
c = cupy.zeros((64, 64), dtype=cupy.float32)
one = cupy.ones((), dtype=cupy.float32)
zero = cupy.zeros((), dtype=cupy.float32)
handle = cupy.cuda.device.get_cublas_handle()
cublas.setPointerMode(handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
# m = n = k = 64, but lda = ldb = ldc = 8 (< 64): invalid
cublas.sgemm(handle, 0, 0, 64, 64, 64, one.data.ptr, a.data.ptr, 8, a.data.ptr, 8, zero.data.ptr, c.data.ptr, 8)
