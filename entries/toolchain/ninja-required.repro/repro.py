# torch.utils.cpp_extension.load() (JIT build) needs the ninja executable on PATH: it runs `ninja --version` first
# and raises if that fails. Here PATH keeps every directory except those holding ninja, as on a machine where ninja
# was never installed (or is installed in another environment than the one on PATH).
import os, shutil, subprocess, sys, tempfile

print("ninja on the full PATH:", shutil.which("ninja"), flush=True)
path = os.pathsep.join(d for d in os.environ["PATH"].split(os.pathsep)
                       if d and not os.path.exists(os.path.join(d, "ninja")))
print("ninja on the reduced PATH:", shutil.which("ninja", path=path), flush=True)
child = ("import tempfile, torch.utils.cpp_extension as ce\n"
         "m = ce.load(name='hello_ext', sources=['hello.cpp'], build_directory=tempfile.mkdtemp(), verbose=True)\n"
         "print('built and imported', m)\n")
proc = subprocess.run([sys.executable, "-c", child], env=dict(os.environ, PATH=path), capture_output=True, text=True)
print(proc.stdout + proc.stderr[-3000:] + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
