# Workaround "remove the architecture that is too old for the toolkit and compile for the GPUs you use": the same
# kernel as repro.sh, built for this GPU's compute capability (read from nvidia-smi) with nvcc and with CMake
# (-DCMAKE_CUDA_ARCHITECTURES), then run.
set -e
cat > k.cu <<'CU'
#include <cstdio>
__global__ void k(int *p) { *p = 42; }
int main() {
  int *p, h = 0; cudaMalloc(&p, sizeof(int)); k<<<1, 1>>>(p);
  cudaError_t e = cudaMemcpy(&h, p, sizeof h, cudaMemcpyDeviceToHost);
  printf("kernel ran: %d (%s)\n", h, cudaGetErrorString(e)); return h == 42 ? 0 : 1;
}
CU
nvcc --version | tail -2
echo '$ nvcc -arch=compute_35 -c k.cu'; nvcc -arch=compute_35 -c k.cu -o k.o || echo "(exit status $?)"
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
echo "compute capability without the dot: $cc"
echo "\$ nvcc -gencode arch=compute_$cc,code=sm_$cc -o k k.cu"
nvcc -gencode arch=compute_$cc,code=sm_$cc -o /tmp/nvcc_arch_k k.cu && /tmp/nvcc_arch_k
mkdir -p /tmp/nvcc_arch_cmake
cat > /tmp/nvcc_arch_cmake/CMakeLists.txt <<CM
cmake_minimum_required(VERSION 3.18)
project(k LANGUAGES CXX CUDA)
add_executable(k $PWD/k.cu)
CM
echo "\$ cmake -DCMAKE_CUDA_ARCHITECTURES=$cc ..; cmake --build ."
cmake -S /tmp/nvcc_arch_cmake -B /tmp/nvcc_arch_cmake/build -DCMAKE_CUDA_ARCHITECTURES=$cc > /tmp/nvcc_arch_cmake/configure.log
cmake --build /tmp/nvcc_arch_cmake/build > /tmp/nvcc_arch_cmake/build.log && /tmp/nvcc_arch_cmake/build/k
rm -f k.cu k.o
echo "FIXED: no 'Unsupported gpu architecture'"
