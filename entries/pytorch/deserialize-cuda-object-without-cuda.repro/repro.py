# torch.save records each storage's device ('cuda:0') in the file; torch.load puts it back there by default.
# A process that cannot use CUDA (here CUDA_VISIBLE_DEVICES="" hides the GPU, as on a CPU-only machine or with a
# CPU-only torch build) fails to load a checkpoint saved from the GPU, before anything is returned.
import os, subprocess, sys, tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")
torch.save({"w": torch.randn(3, 3, device="cuda")}, path)
print("saved", path, "from", torch.cuda.get_device_name(0), "with torch", torch.__version__, flush=True)
child = ("import sys, torch\n"
         "print('torch.cuda.is_available():', torch.cuda.is_available(), flush=True)\n"
         "sd = torch.load(sys.argv[1])\n"
         "print(sd['w'].device)\n")
proc = subprocess.run([sys.executable, "-c", child, path], env=dict(os.environ, CUDA_VISIBLE_DEVICES=""),
                      capture_output=True, text=True)
print(proc.stdout + proc.stderr + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
