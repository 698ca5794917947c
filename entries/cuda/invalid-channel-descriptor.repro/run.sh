#!/bin/bash
# The commands of this folder's sections of the audit5 part-5 batch (the batch script: /work/heldout/audit5_gpu/part5/run.sh in the
# audit's working notes); $W was a temporary build folder. Each line as in the batch script.
echo "== env"; date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2
python3 -c "import torch; print('torch', torch.__version__, torch.version.cuda)" 2>&1
for p in addrspace channel cluster surface lossy stub; do nvcc -arch=sm_90 -o $W/$p $p.cu 2>&1 | grep -v Wno-deprecated; done
for p in channel cluster surface lossy ctx addrspace; do echo "== $p"; timeout 60 $W/$p; echo "exit=$?"; done
