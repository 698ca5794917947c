#!/usr/bin/env bash
# Builds every program here with nvcc -std=c++17 and runs it, writing the unedited output to *.txt beside it.
# Needs nvcc and one CUDA GPU. Usage: ./build_and_run.sh   (ARCH=sm_80 ./build_and_run.sh for another GPU)
# Each run is printed as "$ command", its output, then "exit code: N" (139 = killed by SIGSEGV, 124 = hung past 60 s).
set -u
cd "$(dirname "$0")"
ARCH=${ARCH:-sm_90}
ulimit -c 0  # no core files from the programs that crash

{
  echo "date: $(date -u +%Y-%m-%d)"
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  nvcc --version | tail -n 2
} > environment.txt 2>&1

# The CUDA 13.0 documentation of the calls involved, as the toolkit's own header has it.
HEADER="$(dirname "$(command -v nvcc)")/../include/cuda_runtime_api.h"
for fn in cudaDeviceReset cudaFreeAsync cudaMallocAsync cudaStreamDestroy; do
  awk -v fn="$fn" '/^ *\/\*\*/ { buf = "" } { buf = buf $0 "\n" }
    $0 ~ "CUDARTAPI " fn "\\(" { printf "%s\n", buf; exit }' "$HEADER"
done > cuda_runtime_api_h_excerpts.txt

: > compile.txt
for src in free_async_then_reset stale_handles_after_reset correct_order malloc_async_survives_reset \
           original_example_1 original_example_2 original_example_3; do
  echo "\$ nvcc -std=c++17 -arch=$ARCH -Xcompiler -Wall -o $src $src.cu" >> compile.txt
  nvcc -std=c++17 -arch="$ARCH" -Xcompiler -Wall -o "$src" "$src.cu" >> compile.txt 2>&1
  echo "exit code: $?" >> compile.txt
done

run() {
  echo "\$ $*"
  timeout -k 5 60 "$@" 2>&1
  echo "exit code: $?"
}
for attempt in 1 2 3; do run ./free_async_then_reset; done > output_free_async_then_reset.txt 2>&1
for mode in sync reinit-then-sync destroy event free-async launch old-pointer pooled-pointer; do
  for attempt in 1 2 3 4 5; do run ./stale_handles_after_reset "$mode"; done
done > output_stale_handles_after_reset.txt 2>&1
run ./correct_order > output_correct_order.txt 2>&1
run compute-sanitizer --leak-check full ./correct_order > output_correct_order_sanitizer.txt 2>&1
run ./malloc_async_survives_reset > output_malloc_async_survives_reset.txt 2>&1
