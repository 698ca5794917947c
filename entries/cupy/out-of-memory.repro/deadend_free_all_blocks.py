# Dead end "catch the error, call free_all_blocks() and retry": live arrays hold the memory (each step keeps its
# 4 GiB), so the retry fails exactly as before.
import cupy
keep = []


def step():
    keep.append(cupy.empty(4 * 2**30, dtype=cupy.uint8))


try:
    while True:
        step()
except cupy.cuda.memory.OutOfMemoryError as exc:
    print(f"after {len(keep)} steps:", exc, flush=True)
cupy.get_default_memory_pool().free_all_blocks()
print("free_all_blocks() called; retrying the same step", flush=True)
step()
print("not reached")
