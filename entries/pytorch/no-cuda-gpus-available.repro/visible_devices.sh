# What PyTorch sees for several CUDA_VISIBLE_DEVICES values on a one-GPU machine.
for v in "" "-1" "7" "0,7" "7,0" "0"; do
  echo "\$ CUDA_VISIBLE_DEVICES='$v'"
  CUDA_VISIBLE_DEVICES="$v" python3 - <<'PY'
import torch
print("  is_available:", torch.cuda.is_available(), "device_count:", torch.cuda.device_count())
try:
    torch.zeros(1, device="cuda")
    print("  tensor created on", torch.cuda.get_device_name(0))
except Exception as e:
    print(f"  {type(e).__name__}: {e}")
PY
done
