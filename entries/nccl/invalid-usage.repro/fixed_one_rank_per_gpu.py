# Workaround "give every process on a node its own GPU", as the entry's steps say: the device comes from LOCAL_RANK,
# is set before anything touches CUDA and passed to the process group; the model is built on it and wrapped in DDP.
# Run with no more processes than visible GPUs:
#   torchrun --standalone --nproc_per_node=$(nvidia-smi -L | wc -l) fixed_one_rank_per_gpu.py
# (on this one-GPU machine that is one rank; two ranks on one GPU is repro.py).
import os
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
t = torch.ones(4, device=local_rank)
dist.all_reduce(t)
model = DDP(torch.nn.Linear(4, 4).to(local_rank), device_ids=[local_rank])
model(torch.randn(2, 4, device=local_rank)).sum().backward()
torch.cuda.synchronize()
print(f"rank {dist.get_rank()} of {dist.get_world_size()} on cuda:{local_rank}: all_reduce -> {t.tolist()}, DDP step ok",
      flush=True)
dist.destroy_process_group()
print("FIXED: no ncclInvalidUsage")
