# Workaround "start worker processes with 'spawn', chosen once in the parent": CUDA is initialised in the parent (as
# in repro.py), and a Process and a Pool of 'spawn' workers use CUDA without the error.
import torch
import torch.multiprocessing as mp


def work(i: int) -> float:
    return torch.full((4,), float(i), device="cuda").sum().item()


def proc(q) -> None:
    q.put(work(7))


if __name__ == "__main__":
    mp.set_start_method('spawn', force=True)
    torch.zeros(1, device="cuda")                              # CUDA initialised in the parent
    q = mp.Queue()
    p = mp.Process(target=proc, args=(q,))
    p.start()
    print("spawned child returned", q.get(timeout=60))
    p.join()
    print("child exit code:", p.exitcode)
    with mp.get_context('spawn').Pool(4) as pool:
        print("spawn Pool(4):", pool.map(work, range(4)))
    assert p.exitcode == 0
    print("FIXED: no 'Cannot re-initialize CUDA in forked subprocess'")
