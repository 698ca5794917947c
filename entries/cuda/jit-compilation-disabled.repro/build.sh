nvcc -gencode arch=compute_80,code=compute_80 -o "${1:-./repro}" repro.cu
