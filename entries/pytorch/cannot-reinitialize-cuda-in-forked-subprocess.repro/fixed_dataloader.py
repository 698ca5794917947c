# Workaround "keep the dataset on the CPU and move each batch to the GPU in the main process": CUDA is initialised in
# the parent; a dataset that builds CUDA tensors fails in the forked DataLoader workers, a CPU dataset with
# pin_memory=True and x.cuda(non_blocking=True) in the loop runs.
import torch
from torch.utils.data import DataLoader, Dataset


class CudaDataset(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        return torch.full((4,), float(i), device="cuda")      # the bug: CUDA in a worker


class CpuDataset(CudaDataset):
    def __getitem__(self, i):
        return torch.full((4,), float(i))


if __name__ == "__main__":
    model = torch.nn.Linear(4, 1).cuda()                       # CUDA initialised in the parent
    print("start method:", torch.multiprocessing.get_start_method(), flush=True)
    try:
        for x in DataLoader(CudaDataset(), batch_size=16, num_workers=4):
            pass
    except RuntimeError as exc:
        print("dataset building CUDA tensors:", str(exc).strip().splitlines()[-1], flush=True)
    total = 0.0
    for x in DataLoader(CpuDataset(), batch_size=16, num_workers=4, pin_memory=True):
        x = x.cuda(non_blocking=True)
        total += model(x).sum().item()
    print(f"CPU dataset, batches moved in the main process: 4 batches, output sum {total:.3f}")
    print("FIXED: no 'Cannot re-initialize CUDA in forked subprocess'")
