# The fix: point CUDA_HOME at a full toolkit (bin/nvcc, include/cuda_runtime.h, lib64/), or add its include directory
# to a plain compiler call.
import os, subprocess, sys, tempfile

print("cuda_runtime.h present:", os.path.exists("/usr/local/cuda/include/cuda_runtime.h"), flush=True)
py_inc = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                        capture_output=True, text=True).stdout.strip()
p1 = subprocess.run(["c++", "-c", "rt.cpp", "-I", py_inc, "-I", "/usr/local/cuda/include",
                     "-o", os.path.join(tempfile.mkdtemp(), "rt.o")], capture_output=True, text=True)
print("c++ -c rt.cpp -I/usr/local/cuda/include:", p1.stderr + f"(exit status {p1.returncode})", flush=True)
child = ("import tempfile, torch.utils.cpp_extension as ce\n"
         "m = ce.load(name='rt_ext', sources=['rt.cpp'], build_directory=tempfile.mkdtemp(), with_cuda=True)\n"
         "print('cudaGetDeviceCount ->', m.count())\n")
p2 = subprocess.run([sys.executable, "-c", child], env=dict(os.environ, CUDA_HOME="/usr/local/cuda"),
                    capture_output=True, text=True)
print(p2.stdout[-2500:] + p2.stderr[-2500:] + f"(exit status {p2.returncode})", flush=True)
rc = p1.returncode or p2.returncode
if rc == 0:
    print("FIXED: both builds find cuda_runtime.h")
sys.exit(rc)
