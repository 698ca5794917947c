# Workaround "do not touch CUDA in the parent before forking; load the model onto the GPU inside each worker, lazily on
# the first request": forked workers of a parent that never initialised CUDA use the GPU without the error.
import multiprocessing as mp
import torch

_model = None


def handle(request: int) -> float:
    global _model
    if _model is None:                                         # first request in this worker
        torch.manual_seed(0)
        _model = torch.nn.Linear(4, 1).cuda()
    return round(_model(torch.full((1, 4), float(request), device="cuda")).item(), 4)


if __name__ == "__main__":
    torch.manual_seed(0)
    cpu_model = torch.nn.Linear(4, 1)                          # the parent prepares on the CPU only
    print("CUDA initialised in the parent:", torch.cuda.is_initialized(), flush=True)
    with mp.get_context("fork").Pool(2) as pool:
        print("fork workers:", pool.map(handle, range(4)))
    print("CUDA initialised in the parent afterwards:", torch.cuda.is_initialized())
    print("FIXED: no 'Cannot re-initialize CUDA in forked subprocess'")
