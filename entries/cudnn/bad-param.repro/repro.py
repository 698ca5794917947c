# cuDNN called directly with a negative tensor dimension: the status it returns, its name from
# cudnnGetErrorString, and cuDNN 9's detailed message from cudnnGetLastErrorString.
import ctypes, glob, sys
path = sorted(glob.glob(f"{[p for p in sys.path if p.endswith('site-packages')][0]}/nvidia/cudnn/lib/libcudnn.so.9*"))[0]
lib = ctypes.CDLL(path)
lib.cudnnGetErrorString.restype = ctypes.c_char_p
handle = ctypes.c_void_p()
print("cudnnCreate ->", lib.cudnnCreate(ctypes.byref(handle)))
desc = ctypes.c_void_p()
print("cudnnCreateTensorDescriptor ->", lib.cudnnCreateTensorDescriptor(ctypes.byref(desc)))
# CUDNN_TENSOR_NCHW = 0, CUDNN_DATA_FLOAT = 0; n = -1
status = lib.cudnnSetTensor4dDescriptor(desc, 0, 0, -1, 3, 4, 4)
print("cudnnSetTensor4dDescriptor(n=-1) ->", status, lib.cudnnGetErrorString(status).decode())
buf = ctypes.create_string_buffer(4096)
lib.cudnnGetLastErrorString(buf, ctypes.c_size_t(4096))
print("cudnnGetLastErrorString:", buf.value.decode())
