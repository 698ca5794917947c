# Two ranks of one process group on the same GPU: NCCL refuses ("Duplicate GPU detected"), ncclInvalidUsage.
import os, sys, torch, torch.distributed as dist, torch.multiprocessing as mp

def run(rank: int) -> None:
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT="29531")
    torch.cuda.set_device(0)  # both ranks: the bug
    dist.init_process_group("nccl", rank=rank, world_size=2, device_id=torch.device("cuda:0"))
    t = torch.ones(4, device="cuda:0")
    dist.all_reduce(t)
    torch.cuda.synchronize()
    print(f"rank {rank}: {t}", flush=True)
    dist.destroy_process_group()

if __name__ == "__main__":
    os.environ.setdefault("NCCL_DEBUG", "WARN")
    mp.spawn(run, nprocs=2)
