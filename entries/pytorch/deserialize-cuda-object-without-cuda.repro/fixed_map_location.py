# The same checkpoint, loaded in the same CPU-only process with map_location="cpu": every storage is restored on
# the CPU and the tensors are usable; move them to a GPU later if one is available.
import os, subprocess, sys, tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")
torch.save({"w": torch.randn(3, 3, device="cuda")}, path)
child = ("import sys, torch\n"
         "print('torch.cuda.is_available():', torch.cuda.is_available(), flush=True)\n"
         "sd = torch.load(sys.argv[1], map_location='cpu')\n"
         "print('loaded on', sd['w'].device, 'sum', float(sd['w'].sum()))\n")
proc = subprocess.run([sys.executable, "-c", child, path], env=dict(os.environ, CUDA_VISIBLE_DEVICES=""),
                      capture_output=True, text=True)
print(proc.stdout + proc.stderr + f"(exit status {proc.returncode})", flush=True)
if proc.returncode == 0:
    print("FIXED: the checkpoint loads on the CPU")
sys.exit(proc.returncode)
