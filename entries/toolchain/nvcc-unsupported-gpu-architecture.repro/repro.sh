# nvcc asked for a virtual architecture that this CUDA toolkit (13.0) no longer supports.
printf '__global__ void k() {}\n' > k.cu
nvcc --version | tail -2
for a in "-arch=compute_35" "-gencode arch=compute_50,code=sm_50" "-arch=sm_70"; do
  echo "\$ nvcc $a -c k.cu"; nvcc $a -c k.cu -o k.o; echo "(exit status $?)"
done
