# review3: CuPy RawModule looked up by the C++ name of a kernel that was not declared extern "C".
import cupy as cp
print("cupy", cp.__version__, "runtime", cp.cuda.runtime.runtimeGetVersion())
mod = cp.RawModule(code='__global__ void k(float* x) { x[0] = 1.f; }')
try:
    mod.get_function('k')
except Exception as e:
    print("get_function('k'):", type(e).__name__, e)
mod2 = cp.RawModule(code='__global__ void k(float* x) { x[0] = 1.f; }', name_expressions=['k'])
print("with name_expressions=['k']:", mod2.get_function('k') is not None)
