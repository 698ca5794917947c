#!/bin/bash
# cuda/texture-fetch-failed and cuda/texture-not-bound: reads through a texture object out of range and after its
# memory was freed, plain and under compute-sanitizer memcheck; then the same freed read as an ordinary global load
# (the control). output.txt is the output (the control ran in a second batch a few minutes later, same machine).
B=/tmp/r3b; mkdir -p $B
echo "== environment"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1
echo "== tex (plain)"
nvcc -o $B/tex tex.cu && timeout 30 $B/tex; echo "exit $?"
echo "== tex under compute-sanitizer --tool memcheck"
timeout 120 compute-sanitizer --tool memcheck $B/tex; echo "exit $?"
echo "== uaf_global under compute-sanitizer --tool memcheck (control for tex.cu)"
nvcc -o $B/uaf uaf_global.cu && timeout 120 compute-sanitizer --tool memcheck $B/uaf 2>&1 | head -30; echo "exit ${PIPESTATUS[0]}"
