# JAX asked for its CUDA backend when the process can see no GPU (CUDA_VISIBLE_DEVICES is empty), first with
# JAX_PLATFORMS=cuda (an error), then with JAX's default platform choice (a warning and a CPU fallback).
import os, subprocess, sys
code = "import jax; print(jax.devices())"
for env in ({"JAX_PLATFORMS": "cuda"}, {}):
    print(f"---- CUDA_VISIBLE_DEVICES='' {env} ----", flush=True)
    proc = subprocess.run([sys.executable, "-c", code], env={**os.environ, "CUDA_VISIBLE_DEVICES": "", **env},
                          capture_output=True, text=True, timeout=120)
    print(proc.stdout + proc.stderr + f"(exit status {proc.returncode})", flush=True)
