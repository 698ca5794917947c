# Workaround "expandable segments against fragmentation". Run as
#   PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python3 fixed_expandable.py
# The allocation pattern (fill the GPU with 1 GiB tensors, free them, keep 600 MiB tensors that each reuse part of a
# cached GiB, then ask for 8 GiB) runs first in a child process without the setting, then here with it.
import os, subprocess, sys
import torch


def pattern():
    free, _ = torch.cuda.mem_get_info()
    n = int(free // 2**30) - 3
    blocks = [torch.empty(2**30, dtype=torch.uint8, device="cuda") for _ in range(n)]
    del blocks
    keep = [torch.empty(600 * 2**20, dtype=torch.uint8, device="cuda") for _ in range(n)]
    print(f"{n} x 600 MiB live: reserved {torch.cuda.memory_reserved() / 2**30:.1f} GiB, allocated "
          f"{torch.cuda.memory_allocated() / 2**30:.1f} GiB", flush=True)
    big = torch.empty(8 * 2**30, dtype=torch.uint8, device="cuda")
    print("8 GiB allocation: ok", flush=True)
    return keep, big


if sys.argv[1:] == ["child"]:
    pattern()
    sys.exit(0)
env = {k: v for k, v in os.environ.items() if k != "PYTORCH_CUDA_ALLOC_CONF"}
r = subprocess.run([sys.executable, __file__, "child"], env=env, capture_output=True, text=True)
print("---- without PYTORCH_CUDA_ALLOC_CONF (child process) ----")
print(r.stdout.strip())
errors = [line for line in r.stderr.splitlines() if "Error" in line]
print(errors[-1] if errors else "(no error)", f"(exit status {r.returncode})", flush=True)
print("---- PYTORCH_CUDA_ALLOC_CONF =", os.environ.get("PYTORCH_CUDA_ALLOC_CONF"), "----", flush=True)
pattern()
print("FIXED: no out-of-memory error with expandable segments")
