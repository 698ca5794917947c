#!/bin/bash
# The commands of this folder's sections of the audit5 part-2 batch (issue #10), run from this folder on the GPU machine
# with nvcc on PATH; the batch printed everything to one output, of which output.txt keeps the environment lines and these sections.
echo "== triton: how the launcher links libcuda"
T=$(python3 -c "import triton, os; print(os.path.dirname(triton.__file__))")
grep -n "^libraries\|libcuda.so" $T/backends/nvidia/driver.py | head; grep -n "def _library_flag" -A4 $T/runtime/build.py; grep -n "\-l{" $T/runtime/build.py
