# Workaround "if the message says 'limit set to', raise or remove the pool limit". Run as
#   CUPY_GPU_MEMORY_LIMIT=1073741824 python3 fixed_limit.py
import cupy
pool = cupy.get_default_memory_pool()
try:
    a = cupy.empty(2 * 2**30, dtype=cupy.uint8)
except cupy.cuda.memory.OutOfMemoryError as exc:
    print("with the limit:", type(exc).__name__, exc, flush=True)
pool.set_limit(size=0)
a = cupy.empty(2 * 2**30, dtype=cupy.uint8)
print(f"after set_limit(size=0): allocated {a.nbytes / 2**30:.0f} GiB, pool limit {pool.get_limit()}")
print("FIXED: no out-of-memory error")
