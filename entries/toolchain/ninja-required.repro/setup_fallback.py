# For contrast: a setup.py build (BuildExtension, what `pip install .` runs) without ninja does not raise; it warns
# and falls back to the slower distutils backend. Only the JIT path (cpp_extension.load / load_inline) requires ninja.
import os, shutil, subprocess, sys, tempfile, textwrap

path = os.pathsep.join(d for d in os.environ["PATH"].split(os.pathsep)
                       if d and not os.path.exists(os.path.join(d, "ninja")))
src = tempfile.mkdtemp()
shutil.copy("hello.cpp", src)
with open(os.path.join(src, "setup.py"), "w") as fh:
    fh.write(textwrap.dedent("""\
        from setuptools import setup
        from torch.utils.cpp_extension import BuildExtension, CppExtension
        setup(name="hello_ext", ext_modules=[CppExtension("hello_ext", ["hello.cpp"])],
              cmdclass={"build_ext": BuildExtension})
        """))
proc = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=src, env=dict(os.environ, PATH=path),
                      capture_output=True, text=True)
print(proc.stdout[-1500:] + proc.stderr[-2500:] + f"(exit status {proc.returncode})", flush=True)
sys.exit(proc.returncode)
