# Workaround "mask every load and store": a kernel launched over more blocks than the tensor has elements (here the
# grid was computed for the wrong size) stores far outside it without a mask and faults (child process); with
# `mask = offs < n` on the load and the store it runs and leaves memory outside the tensor alone.
import subprocess, sys
import torch
import triton
import triton.language as tl


@triton.jit
def add_one(p, n, BLOCK: tl.constexpr, MASKED: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if MASKED:
        mask = offs < n
        x = tl.load(p + offs, mask=mask, other=0.)
        tl.store(p + offs, x + 1, mask=mask)
    else:
        x = tl.load(p + offs)
        tl.store(p + offs, x + 1)


x = torch.zeros(1000, device="cuda")
grid = (1 << 20,)                                              # the bug: 2^20 blocks of 1024 for 1000 elements
masked = sys.argv[1:] != ["broken"]
add_one[grid](x, x.numel(), BLOCK=1024, MASKED=masked)
torch.cuda.synchronize()
if not masked:
    sys.exit(0)
r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
lines = [line for line in (r.stdout + r.stderr).splitlines() if "rror" in line]
print("without masks (child process):", lines[0] if lines else "(no error)", f"(exit status {r.returncode})", flush=True)
print("with masks: every element incremented once:", bool((x == 1).all()), "- sum", x.sum().item())
assert bool((x == 1).all())
print("FIXED: no illegal memory access")
