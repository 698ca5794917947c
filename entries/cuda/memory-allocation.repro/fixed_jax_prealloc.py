# Workaround "stop other frameworks' preallocation": JAX in the same process preallocates 75 % of the GPU when it
# starts, so a plain cudaMalloc of 30 GiB (CuPy's runtime binding) returns cudaErrorMemoryAllocation. With
# XLA_PYTHON_CLIENT_PREALLOCATE=false, or XLA_PYTHON_CLIENT_MEM_FRACTION lowered to .2, it succeeds. Each setting runs
# in its own process (JAX reads them when it starts).
import os, subprocess, sys

JOB = r'''
import cupy, jax.numpy as jnp
jnp.ones(16).block_until_ready()                 # JAX starts its GPU backend
free, total = cupy.cuda.runtime.memGetInfo()
print(f"device: {free / 2**30:.1f} GiB free of {total / 2**30:.1f} GiB", flush=True)
p = cupy.cuda.runtime.malloc(30 * 2**30)         # cudaMalloc
print("cudaMalloc(30 GiB): ok", flush=True)
cupy.cuda.runtime.free(p)
'''
ok = []
for extra in ({}, {"XLA_PYTHON_CLIENT_PREALLOCATE": "false"}, {"XLA_PYTHON_CLIENT_MEM_FRACTION": ".2"}):
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLA_")}
    env.update(extra)
    r = subprocess.run([sys.executable, "-c", JOB], env=env, capture_output=True, text=True, timeout=120)
    errors = [line for line in r.stderr.splitlines() if "Error:" in line]
    print(f"---- {extra or 'JAX defaults'} ----\n{r.stdout.strip()}")
    print(errors[-1] if errors else "", f"(exit status {r.returncode})", flush=True)
    ok.append(r.returncode == 0)
if ok[1] and ok[2]:
    print("FIXED: cudaMalloc succeeded next to JAX with either setting")
else:
    sys.exit(1)
