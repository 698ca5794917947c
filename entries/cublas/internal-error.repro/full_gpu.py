# review5 T1: which status does PyTorch's first matrix product report when the GPU is full at cuBLAS handle creation?
# (cublas/internal-error lists "out of memory when cuBLAS creates its handle" as cause (2) of CUBLAS_STATUS_INTERNAL_ERROR)
import ctypes, glob, os, sys, torch
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), flush=True)
blocks = []
a = torch.ones(64, 64, device="cuda"); y = torch.empty(64, 64, device="cuda")   # context only; no cuBLAS yet
for mb in (4096, 1024, 256, 64, 16, 4, 1):
    while True:
        try:
            blocks.append(torch.empty(mb << 20, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            break
leave = int(sys.argv[2]) if len(sys.argv) > 2 else 0   # MiB to hand back to the driver after filling
for _ in range(leave):
    blocks.pop()
torch.cuda.empty_cache()
free, total = torch.cuda.mem_get_info()
print(f"filled: free {free >> 20} MiB of {total >> 20} MiB", flush=True)
mode = sys.argv[1] if len(sys.argv) > 1 else "torch"
if mode == "ctypes":
    lib = sorted(glob.glob(os.path.join(os.path.dirname(torch.__file__), "..", "nvidia", "cu13", "lib", "libcublas.so.*")))[0]
    cublas = ctypes.CDLL(lib)
    h = ctypes.c_void_p()
    print("libcublas:", os.path.realpath(lib), flush=True)
    print("cublasCreate_v2 on a full GPU returned", cublas.cublasCreate_v2(ctypes.byref(h)), flush=True)
else:
    try:
        torch.matmul(a, a, out=y)          # a and y were allocated before the GPU was filled
        torch.cuda.synchronize()
        print("first matmul on a full GPU: OK", flush=True)
    except Exception as e:
        print(f"first matmul on a full GPU: {type(e).__module__}.{type(e).__name__}: {str(e).splitlines()[0]}", flush=True)
