# The compiler is not given the CUDA toolkit's include directory, in two ways users meet:
# (1) a plain compiler call without -I<toolkit>/include (a Makefile or CMake target that does not add it);
# (2) torch.utils.cpp_extension with CUDA_HOME pointing at a CUDA directory that has no include/ (a runtime-only
#     install: pip's nvidia-cuda-runtime wheels, a conda env with only the cudatoolkit runtime, a slim container).
import os, subprocess, sys, tempfile

print("---- (1) c++ -c rt.cpp without the toolkit's include directory", flush=True)
py_inc = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                        capture_output=True, text=True).stdout.strip()
p1 = subprocess.run(["c++", "-c", "rt.cpp", "-I", py_inc, "-o", os.path.join(tempfile.mkdtemp(), "rt.o")],
                    capture_output=True, text=True)
print(p1.stdout + p1.stderr + f"(exit status {p1.returncode})", flush=True)

print("---- (2) cpp_extension.load with CUDA_HOME at a toolkit without include/", flush=True)
fake = tempfile.mkdtemp()
os.symlink("/usr/local/cuda/bin", os.path.join(fake, "bin"))
os.symlink("/usr/local/cuda/lib64", os.path.join(fake, "lib64"))
print("CUDA_HOME =", fake, "contains", sorted(os.listdir(fake)), flush=True)
child = ("import tempfile, torch.utils.cpp_extension as ce\n"
         "m = ce.load(name='rt_ext', sources=['rt.cpp'], build_directory=tempfile.mkdtemp(), with_cuda=True)\n"
         "print(m.count())\n")
p2 = subprocess.run([sys.executable, "-c", child], env=dict(os.environ, CUDA_HOME=fake), capture_output=True, text=True)
print(p2.stdout[-2500:] + p2.stderr[-2500:] + f"(exit status {p2.returncode})", flush=True)
sys.exit(p2.returncode)
