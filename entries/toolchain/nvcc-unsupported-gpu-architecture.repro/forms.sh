# Which message nvcc 13.0 prints for each way of naming an architecture it does not accept.
printf '__global__ void k() {}\n' > k.cu
nvcc --version | tail -2
for a in "-arch=sm_70" "--gpu-architecture=sm_70" "-arch=sm_30" "-arch=sm_99" "-arch=compute_99" \
         "-gencode arch=compute_99,code=sm_99" "-gencode arch=compute_90,code=sm_99" "-arch=compute_native" \
         "-arch=sm_" "-arch=native"; do
  echo "\$ nvcc $a -c k.cu"; nvcc $a -c k.cu -o k.o; echo "(exit status $?)"
done
echo "\$ nvcc --list-gpu-arch"; nvcc --list-gpu-arch | paste -sd' '
echo "\$ nvcc --list-gpu-code"; nvcc --list-gpu-code | paste -sd' '
