# Workaround "find who holds the memory, then limit that one". Run as
#   XLA_PYTHON_CLIENT_PREALLOCATE=false python3 fixed_jax_prealloc.py
# JAX, used in the same process, preallocates 75 % of the GPU when it starts; CuPy's own pool is empty ('allocated so
# far: 0 bytes') but the device has little left. The job runs first in a child process without the setting.
import os, subprocess, sys


def job():
    import cupy
    import jax.numpy as jnp
    jnp.ones(16).block_until_ready()                           # JAX starts its GPU backend
    pool = cupy.get_default_memory_pool()
    free, total = cupy.cuda.runtime.memGetInfo()
    print(f"CuPy pool: used {pool.used_bytes()} B, held {pool.total_bytes()} B; device: {free / 2**30:.1f} GiB free "
          f"of {total / 2**30:.1f} GiB", flush=True)
    a = cupy.empty(30 * 2**30, dtype=cupy.uint8)
    print("CuPy allocated 30 GiB", flush=True)


if sys.argv[1:] == ["child"]:
    job()
    sys.exit(0)
env = {k: v for k, v in os.environ.items() if k != "XLA_PYTHON_CLIENT_PREALLOCATE"}
r = subprocess.run([sys.executable, __file__, "child"], env=env, capture_output=True, text=True)
print("---- JAX with its default preallocation (child process) ----")
print(r.stdout.strip())
errors = [line for line in r.stderr.splitlines() if "Error" in line]
print(errors[-1] if errors else "(no error)", f"(exit status {r.returncode})", flush=True)
print("---- XLA_PYTHON_CLIENT_PREALLOCATE =", os.environ.get("XLA_PYTHON_CLIENT_PREALLOCATE"), "----", flush=True)
job()
print("FIXED: CuPy got its 30 GiB next to JAX")
