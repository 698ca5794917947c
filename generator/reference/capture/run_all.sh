#!/usr/bin/env bash
# Runs the status-table capture and every reproduction given on the command line (paths to repro.py), each
# under a time limit, writing its unedited output beside it (output.txt) and the command, exit status,
# GPU and software versions into run.txt. Used on the device machine; results travel back as one tarball.
set -u
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/capture_status_tables.py" > "$here/status-tables.jsonl" 2> "$here/capture.log"
echo "capture exit status: $?" >> "$here/capture.log"
for script in "$@"; do
  dir=$(dirname "$script")
  start=$(date -u +%FT%TZ)
  (cd "$dir" && timeout 240 python3 -u repro.py > output.txt 2>&1); rc=$?
  {
    echo "command: python3 -u repro.py (in $dir, timeout 240 s)"
    echo "started: $start"
    echo "exit status: $rc"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "cudnn", torch.backends.cudnn.version(), "nccl", ".".join(map(str, torch.cuda.nccl.version())))'
  } > "$dir/run.txt" 2>&1
done
