# Dead end "`del` the big array while views of it are still in use": the view keeps the whole 40 GiB allocation.
import cupy
a = cupy.empty(40 * 2**30, dtype=cupy.uint8)
every_other = a[::2]                                           # a view, still used later
del a
pool = cupy.get_default_memory_pool()
print(f"after del a: pool used {pool.used_bytes() / 2**30:.1f} GiB (view base holds {every_other.base.nbytes / 2**30:.0f} GiB)",
      flush=True)
b = cupy.empty(45 * 2**30, dtype=cupy.uint8)
print("not reached")
