#!/bin/bash
# The commands of this folder's sections of the audit5 part-5 batch (the batch script: /work/heldout/audit5_gpu/part5/run.sh in the
# audit's working notes); $W was a temporary build folder. Each line as in the batch script.
echo "== env"; date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2
python3 -c "import torch; print('torch', torch.__version__, torch.version.cuda)" 2>&1
for p in addrspace channel cluster surface lossy stub; do nvcc -arch=sm_90 -o $W/$p $p.cu 2>&1 | grep -v Wno-deprecated; done
echo "== stub: ls stubs"; ls -l /usr/local/cuda/lib64/stubs/ | grep -i cuda
echo "== stub: LD_LIBRARY_PATH=stubs"; LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs timeout 30 $W/stub; echo "exit=$?"
mkdir -p $W/fake; ln -s /usr/local/cuda/lib64/stubs/libcuda.so $W/fake/libcuda.so.1
echo "== stub: LD_LIBRARY_PATH=dir with libcuda.so.1 -> stub"; LD_LIBRARY_PATH=$W/fake timeout 30 $W/stub; echo "exit=$?"
echo "== stub: torch with stubs dir on LD_LIBRARY_PATH"; LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs timeout 60 python3 -c "import torch; print(torch.cuda.is_available())" 2>&1 | tail -3
echo "== stub: torch with libcuda.so.1 -> stub"; LD_LIBRARY_PATH=$W/fake timeout 60 python3 -c "import torch; print(torch.cuda.is_available()); print(torch.cuda.device_count())" 2>&1 | tail -4
