#!/bin/bash
# cuda/symbol-not-found: the same program built four ways and run on an sm_90 GPU, then lookups by name (driver
# API, runtime library API, CuPy). Each call's code is printed; output.txt is the output.
B=/tmp/r3b; mkdir -p $B
echo "== environment"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1
echo "== symbols: sm_80 SASS only (no PTX)"
nvcc -gencode arch=compute_80,code=sm_80 -o $B/s80 symbols.cu && timeout 30 $B/s80; echo "exit $?"
echo "== symbols: sm_80 SASS only, CUDA_MODULE_LOADING=EAGER"
CUDA_MODULE_LOADING=EAGER timeout 30 $B/s80; echo "exit $?"
echo "== symbols: sm_80 + sm_90 SASS (only_below_sm90 absent from the sm_90 image)"
nvcc -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 -o $B/s8090 symbols.cu && timeout 30 $B/s8090; echo "exit $?"
echo "== symbols: sm_80 + sm_90 SASS, CUDA_MODULE_LOADING=EAGER"
CUDA_MODULE_LOADING=EAGER timeout 30 $B/s8090; echo "exit $?"
echo "== symbols: sm_80 SASS + compute_80 PTX + sm_90 SASS"
nvcc -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_80,code=compute_80 -o $B/s80p90 symbols.cu && timeout 30 $B/s80p90; echo "exit $?"
echo "== symbols: -rdc=true, sm_80 SASS only"
nvcc -rdc=true -gencode arch=compute_80,code=sm_80 -o $B/s80rdc symbols.cu && timeout 30 $B/s80rdc; echo "exit $?"
echo "== lookup by name (kernels.cu -> sm_90 cubin)"
nvcc -cubin -arch=sm_90 -o $B/kernels.cubin kernels.cu && nvcc -o $B/lookup lookup.cu -lcuda && timeout 30 $B/lookup $B/kernels.cubin; echo "exit $?"
echo "== cuobjdump -symbols"; cuobjdump -symbols $B/kernels.cubin | grep -i kernel
echo "== cupy"; timeout 60 python3 cupy_name.py; echo "exit $?"
