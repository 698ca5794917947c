# How many ranks the launcher starts when CUDA_VISIBLE_DEVICES hides GPUs. nvidia-smi lists every GPU of the
# machine whatever CUDA_VISIBLE_DEVICES says; torchrun's --nproc_per_node=gpu counts the GPUs the process sees
# (torch.cuda.device_count()). Run on a machine with two or more GPUs; the last GPU is the only one left visible.
set -u
last=$(( $(nvidia-smi -L | wc -l) - 1 ))
export CUDA_VISIBLE_DEVICES=$last
echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"
echo "nvidia-smi -L | wc -l: $(nvidia-smi -L | wc -l)"
echo "torch.cuda.device_count(): $(python3 -c 'import torch; print(torch.cuda.device_count())')"
echo '---- torchrun --standalone --nproc_per_node=$(nvidia-smi -L | wc -l) fixed_local_rank.py ----'
torchrun --standalone --nproc_per_node=$(nvidia-smi -L | wc -l) fixed_local_rank.py
echo "torchrun exit status: $?"
echo '---- torchrun --standalone --nproc_per_node=gpu fixed_local_rank.py ----'
torchrun --standalone --nproc_per_node=gpu fixed_local_rank.py && echo 'FIXED: --nproc_per_node=gpu started one rank per visible GPU, no invalid device ordinal'
