#!/bin/bash
# The commands of this folder's sections of the audit5 part-2 batch (issue #10), run from this folder on the GPU machine
# with nvcc on PATH; the batch printed everything to one output, of which output.txt keeps the environment lines and these sections.
echo "== nvidia.cudnn.lib __file__ (for the LD_LIBRARY_PATH one-liner)"
python3 -c "import nvidia.cudnn.lib as m; print(m.__file__, getattr(m, '__path__', None))"; pip list 2>/dev/null | grep -i cudnn
