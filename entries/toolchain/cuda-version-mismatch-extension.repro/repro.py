# PyTorch's CUDA version check when a CUDA extension is built with setuptools (`pip install .`, `python setup.py
# build_ext`: torch.utils.cpp_extension.BuildExtension runs `$CUDA_HOME/bin/nvcc --version` and compares it with
# torch.version.cuda). The GPU machine has one CUDA (13.0, matching PyTorch), so CUDA_HOME points at a folder whose
# bin/nvcc prints the banner of nvcc 12.4 (the real banner's wording, version changed): what PyTorch reports is
# then what it reports on a machine whose toolkit is 12.4.
# The JIT path (torch.utils.cpp_extension.load) runs no such check: a first run of this folder with the same fake
# CUDA_HOME went straight to the build and failed there ("Error building extension 'k'").
import os, stat, subprocess, sys, tempfile, textwrap

fake = tempfile.mkdtemp()
os.makedirs(f"{fake}/bin")
with open(f"{fake}/bin/nvcc", "w") as fh:
    fh.write(textwrap.dedent("""\
        #!/bin/sh
        echo "nvcc: NVIDIA (R) Cuda compiler driver"
        echo "Copyright (c) 2005-2024 NVIDIA Corporation"
        echo "Cuda compilation tools, release 12.4, V12.4.131"
        echo "Build cuda_12.4.r12.4/compiler.34097967_0"
        """))
os.chmod(f"{fake}/bin/nvcc", stat.S_IRWXU)
src = tempfile.mkdtemp()
with open(f"{src}/k.cu", "w") as fh:
    fh.write("__global__ void k() {}\n")
with open(f"{src}/setup.py", "w") as fh:
    fh.write(textwrap.dedent("""\
        from setuptools import setup
        from torch.utils.cpp_extension import BuildExtension, CUDAExtension
        setup(name="k", ext_modules=[CUDAExtension("k", ["k.cu"])], cmdclass={"build_ext": BuildExtension})
        """))
env = dict(os.environ, CUDA_HOME=fake)
print("---- python setup.py build_ext, CUDA_HOME =", fake, flush=True)
proc = subprocess.run([sys.executable, "setup.py", "build_ext"], cwd=src, env=env, capture_output=True, text=True)
print(proc.stdout[-3000:] + proc.stderr[-6000:] + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
