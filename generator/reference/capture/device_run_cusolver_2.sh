# The second command (same day and machine): full_memory.py and batched_eigh.py (then named
# entries/cusolver/invalid-value.repro/repro.py) and the tested row cusolver/internal-error fixed_free. The row
# cusolver/invalid-value fixed_chunked also ran; it found no CUSOLVER_STATUS_INVALID_VALUE to fix and is not kept.
set -u
cd .carry/cover4
touch /tmp/marker; sleep 1
nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
nvcc --version | tail -2 | head -1
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
start=$(date +%s)
run_repro() {  # folder name command
  local dir=entries/$1.repro name=$2 cmd=$3 st rc out run
  if [ "$name" = repro ]; then out=output.txt; run=run.txt; else out=${name}_output.txt; run=${name}_run.txt; fi
  st=$(date -u +%FT%TZ)
  (cd "$dir" && timeout 120 bash -c "$cmd" > "$out" 2>&1 < /dev/null); rc=$?
  {
    echo "command: $cmd (in $dir, timeout 120 s)"
    echo "started: $st"
    echo "exit status: $rc"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "cudnn", torch.backends.cudnn.version(), "nccl", ".".join(map(str, torch.cuda.nccl.version())))'
    echo "nvcc: $(nvcc --version | tail -2 | head -1)"
  } > "$dir/$run" 2>&1
  echo "== $dir $name: exit status $rc"; cat "$dir/$out" | head -60
}
run_repro cusolver/internal-error full_memory "python3 -u full_memory.py"
run_repro cusolver/invalid-value repro "python3 -u repro.py"
echo "elapsed before tested rows: $(( $(date +%s) - start )) s"
ROOT=$PWD bash run_tested.sh 2>&1
for f in $(find entries -name '*_output.txt' -newer /tmp/marker | sort); do echo "== $f"; head -30 "$f"; done
echo "elapsed: $(( $(date +%s) - start )) s"
find entries . -maxdepth 0 >/dev/null
{ find entries -newer /tmp/marker -type f -name '*.txt'; } | sort > /tmp/list
tar czf $OUT/results.tar.gz -T /tmp/list
