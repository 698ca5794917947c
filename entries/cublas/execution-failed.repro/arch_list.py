# review8 (issue #10): which sm_XY an official PyTorch wheel carries, against the GPU's own capability.
# A cubin for compute capability X.y also runs on X.z with z >= y (CUDA binary compatibility), so a GPU whose
# exact sm_XY is missing from this list can still be fully supported (sm_89 runs sm_86 code, sm_103 sm_100 code).
import torch

print("torch", torch.__version__, "cuda", torch.version.cuda)
print("get_arch_list():", " ".join(torch.cuda.get_arch_list()))
cap = torch.cuda.get_device_capability()
print("device:", torch.cuda.get_device_name(), "capability", cap)
for sm in ("sm_86", "sm_89", "sm_90", "sm_100", "sm_103", "sm_120"):
    print(f"  {sm} in the list: {sm in torch.cuda.get_arch_list()}")
a = torch.randn(256, 256, device="cuda")
print("matmul ok:", bool(torch.isfinite(a @ a).all()))
