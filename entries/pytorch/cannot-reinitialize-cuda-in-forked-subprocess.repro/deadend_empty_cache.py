# Dead end "call torch.cuda.empty_cache(), torch.cuda.synchronize() or del model in the parent before forking": none of
# them tears the CUDA context down, and the forked child is still refused.
import multiprocessing as mp
import sys
import torch


def child() -> None:
    torch.zeros(1, device="cuda")


if __name__ == "__main__":
    model = torch.nn.Linear(4, 4).cuda()
    del model
    torch.cuda.empty_cache()
    torch.cuda.synchronize()
    print("parent: del model, empty_cache(), synchronize() done; CUDA initialised:", torch.cuda.is_initialized(),
          flush=True)
    p = mp.get_context("fork").Process(target=child)
    p.start(); p.join()
    print("child exit code:", p.exitcode)
    sys.exit(p.exitcode)
