nvcc -o "${1:-./repro}" repro.cu
