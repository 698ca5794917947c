# Workaround "read cudnnGetLastErrorString right after the failing call and check descriptor dimensions (> 0)": the
# same descriptor call as repro.py, with the message cuDNN gives for n = -1, then with n = 2.
import ctypes, glob, sys

path = sorted(glob.glob(f"{[p for p in sys.path if p.endswith('site-packages')][0]}/nvidia/cudnn/lib/libcudnn.so.9*"))[0]
lib = ctypes.CDLL(path)
lib.cudnnGetErrorString.restype = ctypes.c_char_p
handle, desc = ctypes.c_void_p(), ctypes.c_void_p()
assert lib.cudnnCreate(ctypes.byref(handle)) == 0
assert lib.cudnnCreateTensorDescriptor(ctypes.byref(desc)) == 0


def set4d(n: int, c: int, h: int, w: int) -> int:
    status = lib.cudnnSetTensor4dDescriptor(desc, 0, 0, n, c, h, w)   # CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT
    print(f"cudnnSetTensor4dDescriptor(n={n}, c={c}, h={h}, w={w}) -> {status} "
          f"{lib.cudnnGetErrorString(status).decode()}", flush=True)
    if status != 0:
        msg = ctypes.create_string_buffer(4096)
        lib.cudnnGetLastErrorString(msg, ctypes.c_size_t(4096))
        print("  cudnnGetLastErrorString:", msg.value.decode(), flush=True)
    return status


set4d(-1, 3, 4, 4)
dims = (2, 3, 4, 4)
assert all(d > 0 for d in dims), dims
status = set4d(*dims)
lib.cudnnDestroyTensorDescriptor(desc)
lib.cudnnDestroy(handle)
if status != 0:
    sys.exit(1)
print("FIXED: CUDNN_STATUS_SUCCESS with positive dimensions")
