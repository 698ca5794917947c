# Dead end: passing weights_only=True (the default since PyTorch 2.6) changes which Python objects may be
# unpickled, not where storages are restored: the CPU-only process still fails the same way.
import os, subprocess, sys, tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")
torch.save({"w": torch.randn(3, 3, device="cuda")}, path)
child = ("import sys, torch\n"
         "sd = torch.load(sys.argv[1], weights_only=True)\n"
         "print(sd['w'].device)\n")
proc = subprocess.run([sys.executable, "-c", child, path], env=dict(os.environ, CUDA_VISIBLE_DEVICES=""),
                      capture_output=True, text=True)
print(proc.stdout + proc.stderr[-1500:] + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
