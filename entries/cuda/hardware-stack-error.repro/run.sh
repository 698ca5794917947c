#!/bin/bash
# cuda/hardware-stack-error: what a per-thread stack overflow returns with the CUDA 13.0 runtime, whether raising
# cudaLimitStackSize fixes it, and what compute-sanitizer reports; output.txt is the output.
B=/tmp/r4b; mkdir -p $B
echo "== environment"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1
python3 -c "import torch; print('torch', torch.__version__)" 2>/dev/null
echo "== stack: build (-lineinfo), ptxas frame sizes"
nvcc -arch=sm_90 -lineinfo -Xptxas -v -o $B/stack stack.cu 2>&1 | grep -E "stack frame|Stack size|warning"
for m in overflow raised local_in_frame local_far; do
  echo "== stack: $m"; timeout 60 $B/stack $m; echo "exit $?"
done
for m in overflow local_in_frame local_far; do
  echo "== stack: $m under compute-sanitizer --tool memcheck"; timeout 120 compute-sanitizer --tool memcheck $B/stack $m; echo "exit $?"
done
