nvcc -gencode arch=compute_80,code=sm_80 -o "${1:-./repro}" repro.cu
