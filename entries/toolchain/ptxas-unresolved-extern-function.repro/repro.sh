# Whole-program device compilation (nvcc's default, -rdc=false) needs every __device__ function a kernel calls in the
# same translation unit; ptxas stops on the first one defined elsewhere.
set -x
nvcc --version | tail -2
nvcc -arch=sm_90 -c main.cu -o /tmp/main.o
