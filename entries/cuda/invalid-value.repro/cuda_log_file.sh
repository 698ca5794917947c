#!/usr/bin/env bash
# Builds both programs and runs every case as its own process under `timeout 20`, with CUDA_LOG_FILE=stdout,
# printing each case's output and exit status. Usage: bash cuda_log_file.sh <build dir>
set -u
b=${1:-/tmp/cuda_log_file}; mkdir -p "$b"
echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
echo "nvcc: $(nvcc --version | tail -2 | head -1)"
timeout 120 nvcc -o "$b/rt" cuda_log_file.cu; echo "build cuda_log_file.cu: exit status $?"
timeout 120 nvcc -o "$b/drv" cuda_log_file_drv.cu -L/usr/local/cuda/lib64/stubs -lcuda; echo "build cuda_log_file_drv.cu: exit status $?"
for c in pitch memcpy_kind symbol device hostreg_twice hostunreg captured_event captured_event_relaxed capture_sync reset_free; do
  echo "== $c (CUDA_LOG_FILE=stdout)"; timeout 20 env CUDA_LOG_FILE=stdout "$b/rt" "$c"; echo "exit status: $?"
done
for c in noctx nonprimary green; do
  echo "== $c (CUDA_LOG_FILE=stdout)"; timeout 20 env CUDA_LOG_FILE=stdout "$b/drv" "$c"; echo "exit status: $?"
done
