# Workaround "check what the process sees and fix or unset CUDA_VISIBLE_DEVICES", step by step as the entry says.
export CUDA_VISIBLE_DEVICES=""                  # the environment of repro.py
echo "[$CUDA_VISIBLE_DEVICES]"
nvidia-smi -L
python3 -c 'import torch; print(torch.cuda.device_count())'
unset CUDA_VISIBLE_DEVICES
echo "unset CUDA_VISIBLE_DEVICES"
python3 -c 'import torch; print(torch.cuda.device_count())'
python3 -c 'import torch; torch.zeros(1, device="cuda"); print("torch.zeros(1, device=\"cuda\"): ok")' &&
  echo "FIXED: no 'No CUDA GPUs are available'"
