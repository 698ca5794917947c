# torch.utils.cpp_extension turns TORCH_CUDA_ARCH_LIST (or, when it is unset, the capability of each visible GPU)
# into -gencode flags from a table built into that torch release. An architecture the table does not know stops the
# build before nvcc runs. Here the list names 13.7, which no torch knows; an older torch on a newer GPU (e.g. 12.0 on
# a torch that predates Blackwell) fails the same way.
import os, subprocess, sys, tempfile

child = ("import tempfile, torch, torch.utils.cpp_extension as ce\n"
         "print('torch', torch.__version__, 'arch list', torch.cuda.get_arch_list(), flush=True)\n"
         "m = ce.load(name='kern_ext', sources=['kern.cu'], build_directory=tempfile.mkdtemp())\n")
proc = subprocess.run([sys.executable, "-c", child], env=dict(os.environ, TORCH_CUDA_ARCH_LIST="9.0;13.7"),
                      capture_output=True, text=True)
print(proc.stdout + proc.stderr[-2500:] + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
