# Dead end "call set_start_method('spawn') after the pool has been created": the pool's workers were already forked.
import multiprocessing as mp
import torch


def work(i: int) -> float:
    return torch.ones(1, device="cuda").item()


if __name__ == "__main__":
    torch.zeros(1, device="cuda")                              # CUDA initialised in the parent
    print("start method:", mp.get_start_method(), flush=True)
    pool = mp.Pool(2)
    mp.set_start_method("spawn", force=True)                   # too late for this pool
    print("start method now:", mp.get_start_method(), flush=True)
    print(pool.map(work, range(2)))
    print("not reached")
