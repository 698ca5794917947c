# The fix: rebuild the extension against the torch that loads it, with torch's own flags (no ABI override; for a
# package: pip install --no-build-isolation, or the prebuilt wheel whose torch version and cxx11abi tag match).
import subprocess, sys, tempfile
import torch

print("torch", torch.__version__, "_GLIBCXX_USE_CXX11_ABI =", int(torch._C._GLIBCXX_USE_CXX11_ABI), flush=True)
child = ("import tempfile, torch.utils.cpp_extension as ce\n"
         "m = ce.load(name='abi_ext', sources=['abi.cpp'], build_directory=tempfile.mkdtemp())\n"
         "print('imported', m.__file__, 'check(3) =', m.check(3))\n")
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
print(proc.stdout + proc.stderr[-2500:] + f"(exit status {proc.returncode})", flush=True)
if proc.returncode == 0:
    print("FIXED: the rebuilt extension imports and runs")
sys.exit(proc.returncode)
