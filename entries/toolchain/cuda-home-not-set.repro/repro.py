# Building a CUDA extension when PyTorch finds no CUDA toolkit: CUDA_HOME and CUDA_PATH unset, no nvcc on PATH
# and no /usr/local/cuda. The GPU machine has a toolkit, so this runs with cpp_extension.CUDA_HOME = None, which
# is what torch.utils.cpp_extension computes at import time on a machine without one (its _find_cuda_home()).
import tempfile
import torch
from torch.utils import cpp_extension

print("torch", torch.__version__, "; _find_cuda_home() here:", cpp_extension._find_cuda_home(), flush=True)
cpp_extension.CUDA_HOME = None
src = tempfile.mkdtemp()
with open(f"{src}/k.cu", "w") as fh:
    fh.write("__global__ void k() {}\n")
cpp_extension.load(name="k", sources=[f"{src}/k.cu"], build_directory=src, verbose=True)
