# Initialises CUDA in the parent, then uses CUDA in a child started with the 'fork' method.
import multiprocessing as mp
import torch

def child():
    torch.zeros(1, device="cuda")

if __name__ == "__main__":
    torch.zeros(1, device="cuda")                 # CUDA is now initialised in the parent
    p = mp.get_context("fork").Process(target=child)
    p.start(); p.join()
    print("child exit code:", p.exitcode)
