# The linker (ld) looks for -lNAME as libNAME.so / libNAME.a only in -L directories, LIBRARY_PATH and its default
# directories; not in LD_LIBRARY_PATH or /etc/ld.so.conf, which are for running programs. The CUDA toolkit's
# lib64 is in none of them by default.
d=$(mktemp -d)
echo "LIBRARY_PATH=${LIBRARY_PATH-<unset>}"
ls /usr/local/cuda/lib64/libcudart.so* 2>&1
ldconfig -p | grep -E 'libcuda\.so|libcudart\.so' 
set -x
env -u LIBRARY_PATH gcc main.c -I/usr/local/cuda/include -lcudart -o $d/app_cudart; echo "(exit status $?)"
set +x
echo "---- -lcuda (the driver library, as Triton links its launcher):"
ls -l /usr/lib/x86_64-linux-gnu/libcuda.so* 2>&1
echo 'int main(void){return 0;}' > $d/empty.c
env -u LIBRARY_PATH gcc $d/empty.c -lcuda -o $d/app_cuda && echo "gcc ... -lcuda: linked (libcuda.so is in a default linker directory here)"
exit 0
