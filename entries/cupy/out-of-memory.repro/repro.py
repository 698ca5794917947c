# Asks CuPy's memory pool for 10 TB on the GPU.
import cupy
cupy.empty(10**13, dtype=cupy.uint8)
