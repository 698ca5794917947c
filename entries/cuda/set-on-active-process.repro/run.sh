#!/bin/bash
# The commands of this folder's sections of the audit5 part-2 batch (issue #10), run from this folder on the GPU machine
# with nvcc on PATH; the batch printed everything to one output, of which output.txt keeps the environment lines and these sections.
nvcc -arch=sm_90 -o setactive setactive.cu -lcuda
echo "== set-on-active-process: after cudaMalloc"; timeout 30 ./setactive after_malloc; echo "exit $?"
echo "== set-on-active-process: driver context current"; timeout 30 ./setactive driver_ctx; echo "exit $?"
