# The same JIT build with ninja on PATH (as after `pip install ninja` in the environment whose bin/ is on PATH):
# the extension builds and imports.
import shutil, subprocess, sys

print("ninja:", shutil.which("ninja"), flush=True)
print(subprocess.run(["ninja", "--version"], capture_output=True, text=True).stdout, flush=True)
child = ("import tempfile, torch.utils.cpp_extension as ce\n"
         "m = ce.load(name='hello_ext', sources=['hello.cpp'], build_directory=tempfile.mkdtemp(), verbose=True)\n"
         "print('built and imported', m)\n")
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
print(proc.stdout + proc.stderr[-3000:] + f"(exit status {proc.returncode})", flush=True)
if proc.returncode == 0:
    print("FIXED: the JIT build ran with ninja")
sys.exit(proc.returncode)
