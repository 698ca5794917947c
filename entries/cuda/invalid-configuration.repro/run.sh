#!/bin/bash
# cuda/invalid-configuration: launch geometry beyond the device limits with the CUDA 13.0 runtime; output.txt is the
# output (config2 ran in a second batch a few minutes later on the same machine).
B=/tmp/r3b; mkdir -p $B
echo "== environment"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1
echo "== config"
nvcc -o $B/config config.cu && timeout 30 $B/config; echo "exit $?"
echo "== config2"
nvcc -o $B/config2 config2.cu && timeout 30 $B/config2; echo "exit $?"
