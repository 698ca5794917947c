# CuPy's memory pool when the GPU is full: the exact current wording.
import cupy
keep = []
try:
    while True:
        keep.append(cupy.empty(4 * 2**30, dtype=cupy.uint8))
except cupy.cuda.memory.OutOfMemoryError as exc:
    print(type(exc).__module__ + "." + type(exc).__name__ + ":", exc)
