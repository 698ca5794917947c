# Workaround "start no more ranks than visible GPUs and select the device from the local rank": each rank takes
# cuda:LOCAL_RANK. Started with more ranks than GPUs, a rank asks for a device that does not exist; started with
# --nproc_per_node=$(nvidia-smi -L | wc -l), every rank gets a GPU (tested.tsv runs both).
import os
import torch

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
x = torch.ones(1, device="cuda")
print(f"local rank {local_rank}: tensor on {x.device}, {torch.cuda.device_count()} GPU(s) visible", flush=True)
