# The fix: relocatable device code (-rdc=true, or -dc per file) for the files involved, and a device link step
# (nvcc does it when it links; CMake: set_target_properties(t PROPERTIES CUDA_SEPARABLE_COMPILATION ON)).
set -ex
d=$(mktemp -d)
nvcc -arch=sm_90 -rdc=true -c main.cu -o $d/main.o
nvcc -arch=sm_90 -rdc=true -c scale.cu -o $d/scale.o
nvcc -arch=sm_90 -rdc=true $d/main.o $d/scale.o -o $d/app
$d/app
echo "FIXED: built with -rdc=true and ran"
