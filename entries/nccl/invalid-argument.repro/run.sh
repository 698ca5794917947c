#!/bin/bash
# nccl/invalid-argument: a collective with sendbuff == NULL on a one-rank communicator (NCCL from the torch wheel),
# with NCCL's default checks and with pointer checking on; output.txt is the output.
B=/tmp/r4b; mkdir -p $B
echo "== environment"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1
python3 -c "import torch; print('torch', torch.__version__)" 2>/dev/null
echo "== nccl: build"
N=$(python3 -c "import glob,site,os; print([os.path.dirname(os.path.dirname(p)) for d in site.getsitepackages() for p in glob.glob(os.path.join(d,'nvidia','nccl','include','nccl.h'))][0])")
echo "NCCL from $N"; ls $N/lib
nvcc -o $B/nccl_checks nccl_checks.cu -I$N/include -L$N/lib -l:libnccl.so.2 -Xlinker -rpath=$N/lib && echo built
for e in "" "NCCL_CHECK_POINTERS=1" "NCCL_CHECK_MODE=DEBUG_LOCAL"; do
  echo "== nccl: null sendbuff, env: ${e:-(default)}"; env NCCL_DEBUG=WARN $e timeout 60 $B/nccl_checks null; echo "exit $?"
done
