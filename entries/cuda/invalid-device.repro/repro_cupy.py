# Calls cudaSetDevice(99) through CuPy, which raises CUDARuntimeError.
import cupy
print("device_count:", cupy.cuda.runtime.getDeviceCount())
cupy.cuda.runtime.setDevice(99)
