# audit9 (issue #10): what CuPy's RawModule(path=...) raises for a cubin path that does not exist.
import cupy

print("cupy", cupy.__version__)
try:
    mod = cupy.RawModule(path="/nonexistent/kernels.cubin")
    print("RawModule(path=...) constructed; calling get_function")
    mod.get_function("k")
except Exception as e:  # print the exception type and message as CuPy raises them
    print(f"{type(e).__module__}.{type(e).__name__}: {e}")
a = cupy.arange(4)
print("afterwards cupy.arange(4).sum() =", int(a.sum()))
