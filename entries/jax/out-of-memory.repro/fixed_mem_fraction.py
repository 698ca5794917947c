# Workaround "several processes share the GPU: give JAX a fixed share or disable preallocation". Two JAX processes
# on one GPU, each needing a 25 GiB array while the other holds its own: with the defaults the first one's pool
# (75 % of the GPU) leaves too little for the second; with XLA_CLIENT_MEM_FRACTION=.45 (or the older
# XLA_PYTHON_CLIENT_MEM_FRACTION=.45), or with XLA_PYTHON_CLIENT_PREALLOCATE=false, both run.
import os, subprocess, sys, tempfile, time

WORKER = r'''
import os, sys, time
name, flags = sys.argv[1], sys.argv[2]
limit = None
try:
    import jax, jax.numpy as jnp
    limit = jax.devices()[0].memory_stats()["bytes_limit"]
    a = jnp.zeros((25 * 2**30,), dtype=jnp.uint8).block_until_ready()
    print(f"{name}: pool limit {limit / 2**30:.1f} GiB, 25 GiB array ok", flush=True)
except Exception as exc:
    shown = "?" if limit is None else f"{limit / 2**30:.1f}"
    print(f"{name}: pool limit {shown} GiB, {type(exc).__name__}: {str(exc).splitlines()[0][:300]}", flush=True)
    sys.exit(1)
finally:
    open(os.path.join(flags, name + ".ready"), "w").close()
if name == "A":
    deadline = time.time() + 120
    while not os.path.exists(os.path.join(flags, "B.done")) and time.time() < deadline:
        time.sleep(0.2)
'''


def pair(extra: dict) -> bool:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLA_")}
    env.update(extra)
    flags = tempfile.mkdtemp()
    a = subprocess.Popen([sys.executable, "-c", WORKER, "A", flags], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    while not os.path.exists(os.path.join(flags, "A.ready")) and a.poll() is None:
        time.sleep(0.2)
    b = subprocess.run([sys.executable, "-c", WORKER, "B", flags], env=env, capture_output=True, text=True)
    open(os.path.join(flags, "B.done"), "w").close()
    out_a, _ = a.communicate(timeout=120)
    lines = [l for l in (out_a + b.stdout + b.stderr).splitlines() if l.startswith(("A:", "B:"))]
    print(f"---- {extra or 'defaults'} ----")
    print("\n".join(lines) + f"\n(exit status A {a.returncode}, B {b.returncode})", flush=True)
    return a.returncode == 0 and b.returncode == 0


pair({})
results = [pair({"XLA_CLIENT_MEM_FRACTION": ".45"}), pair({"XLA_PYTHON_CLIENT_MEM_FRACTION": ".45"}),
           pair({"XLA_PYTHON_CLIENT_PREALLOCATE": "false"})]
if all(results):
    print("FIXED: both processes got their 25 GiB with each setting")
else:
    sys.exit(1)
