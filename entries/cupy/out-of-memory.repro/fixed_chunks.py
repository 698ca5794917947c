# Workaround "process the data in chunks and reuse an output buffer through out=": x * 2 on a 48 GiB array needs a
# second 48 GiB; one reused 1 GiB buffer does not.
import cupy
x = cupy.ones(12 * 2**30, dtype=cupy.float32)                 # 48 GiB on an 80 GB GPU
try:
    total = float((x * 2).sum())
except cupy.cuda.memory.OutOfMemoryError as exc:
    print("(x * 2).sum() on the whole array:", type(exc).__name__, exc, flush=True)

chunk = 2**28                                                  # 1 GiB of float32
out = cupy.empty(chunk, dtype=x.dtype)
total = 0.0
for s in range(0, len(x), chunk):
    cupy.multiply(x[s:s + chunk], 2, out=out[:len(x[s:s + chunk])])
    total += float(out[:len(x[s:s + chunk])].sum())
print(f"in chunks of {chunk} with out=: sum = {total:.6e} (expected {2.0 * len(x):.6e}), pool holds "
      f"{cupy.get_default_memory_pool().total_bytes() / 2**30:.1f} GiB")
assert abs(total - 2.0 * len(x)) <= 1e-6 * 2.0 * len(x)
print("FIXED: no out-of-memory error")
