#!/bin/bash
# The commands of this folder's sections of the audit5 part-2 batch (issue #10), run from this folder on the GPU machine
# with nvcc on PATH; the batch printed everything to one output, of which output.txt keeps the environment lines and these sections.
nvcc -arch=sm_90 -o hostunreg hostunreg.cu
echo "== host-memory-not-registered"; timeout 30 ./hostunreg; echo "exit $?"
