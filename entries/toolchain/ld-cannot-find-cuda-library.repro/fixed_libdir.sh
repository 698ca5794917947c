# The fix: tell the linker where the library is (-L, or LIBRARY_PATH), and the loader where to find it at run time
# (-Wl,-rpath, or LD_LIBRARY_PATH / ldconfig).
d=$(mktemp -d)
set -ex
env -u LIBRARY_PATH gcc main.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcudart \
    -Wl,-rpath,/usr/local/cuda/lib64 -o $d/app_cudart
$d/app_cudart
echo "FIXED: linked with -L/usr/local/cuda/lib64 and ran"
