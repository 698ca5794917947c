# Workaround "remap labels to 0..C-1": 1-based class labels 1..5 with 5 classes put label 5 out of range; after
# subtracting 1 the loss runs.
import subprocess, sys
import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 5, device="cuda")
labels = torch.tensor([1, 2, 3, 5])                            # 1-based labels from a CSV file

if sys.argv[1:] == ["broken"]:
    print(F.cross_entropy(logits, labels.cuda()).item())
    sys.exit(0)
r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
lines = (r.stdout + r.stderr).splitlines()
shown = [l for l in lines if "Assertion" in l][:1] + [l for l in lines if "Error:" in l][:1]
print("1-based labels (child process):\n  " + "\n  ".join(shown or ["(no error)"]), f"(exit status {r.returncode})",
      flush=True)

target = (labels - 1).cuda()                                   # 0..4
print("labels - 1:", target.tolist(), "loss =", F.cross_entropy(logits, target).item())
print("FIXED: no device-side assert")
