# An extension built against a libtorch it is not loaded with fails at import with "undefined symbol". Here the
# mismatch is the C++ ABI flag (the difference between flash-attn's cxx11abiTRUE and cxx11abiFALSE wheels): the
# extension is compiled with the opposite _GLIBCXX_USE_CXX11_ABI of the installed torch, so it asks libc10 for a
# symbol name that libc10 does not export. A different torch version gives the same message with another symbol.
import subprocess, sys, tempfile
import torch

abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
print("torch", torch.__version__, "built with _GLIBCXX_USE_CXX11_ABI =", abi, flush=True)
build = tempfile.mkdtemp()
child = ("import sys, torch.utils.cpp_extension as ce\n"
         f"m = ce.load(name='abi_ext', sources=['abi.cpp'], build_directory={build!r},\n"
         f"            extra_cflags=['-D_GLIBCXX_USE_CXX11_ABI={1 - abi}'])\n"
         "print(m.check(3))\n")
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
print(proc.stdout + proc.stderr[-2500:] + f"(exit status {proc.returncode})", flush=True)
so = f"{build}/abi_ext.so"
nm = subprocess.run(f"nm -D --undefined-only {so} | grep c10 | c++filt", shell=True, capture_output=True, text=True)
print("undefined c10 symbols of abi_ext.so, demangled:\n" + nm.stdout, flush=True)
sys.exit(proc.returncode)
