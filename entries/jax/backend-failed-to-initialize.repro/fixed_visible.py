# Workaround "if cuInit reports CUDA_ERROR_NO_DEVICE, fix what the process can see, not JAX": the same
# `jax.devices()` with JAX_PLATFORMS=cuda, first with CUDA_VISIBLE_DEVICES='' (as in repro.py), then with it unset.
import os, subprocess, sys

code = "import jax; print(jax.devices())"
env = {**os.environ, "JAX_PLATFORMS": "cuda", "CUDA_VISIBLE_DEVICES": ""}
r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
errors = [line for line in r.stderr.splitlines() if "Error" in line or "error" in line]
print("CUDA_VISIBLE_DEVICES='':", errors[-1] if errors else r.stdout.strip(), f"(exit status {r.returncode})", flush=True)
print("nvidia-smi -L:", subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True).stdout.strip(), flush=True)
del env["CUDA_VISIBLE_DEVICES"]
r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
print("CUDA_VISIBLE_DEVICES unset:", r.stdout.strip(), f"(exit status {r.returncode})", flush=True)
if r.returncode != 0 or "cuda" not in r.stdout.lower():
    print(r.stderr)
    sys.exit(1)
print("FIXED: JAX's CUDA backend initialised")
