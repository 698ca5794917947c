# The first of two commands sent to the GPU machine (2026-11-23, H100) for issue 9's cuSOLVER family and issue 10's
# fixes: the cuSOLVER capture (capture_cusolver.py -> cusolver-status.jsonl, cusolver-capture.log), the reproductions
# and the tested rows (tested.tsv: cuda/cudart-unloading deadend_reset and fixed_scope). The files travelled in
# .carry/cover4/ (a git-ignored folder, with its own entries/ tree and a tested.tsv of these rows only). Not kept
# from this run: the flash-attn program (flash-attn is not installed on the machine), an earlier full-memory program
# (it stopped at a missing `import os`; full_memory.py ran in the second command), the first version of
# batched_eigh.py and of a chunked fix (batches of 1,000,000+ 3x3 matrices ran out of memory before cuSOLVER was
# called), and fixed_free.py's first run (in a folder then named cusolver/not-initialized: it printed
# CUSOLVER_STATUS_INTERNAL_ERROR; it ran again under cusolver/internal-error in the second command).
set -u
cd .carry/cover4
touch /tmp/marker; sleep 1
nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
nvcc --version | tail -2 | head -1
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
start=$(date +%s)
python3 capture_cusolver.py > cusolver-status.jsonl 2> cusolver-capture.log
echo "capture exit status: $?" >> cusolver-capture.log
cat cusolver-status.jsonl cusolver-capture.log
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
(cd entries/cuda/invalid-filter-setting.repro && bash build.sh ./repro > build_output.txt 2>&1; echo "build exit status: $?" >> build_output.txt)
run_repro cuda/invalid-filter-setting repro "./repro"
run_repro ecosystem/flash-attention-fp16-bf16-only repro "python3 -u repro.py"
run_repro cusolver/invalid-value repro "python3 -u repro.py"
run_repro cusolver/internal-error repro "python3 -u repro.py"
run_repro cusolver/not-initialized repro "python3 -u repro.py"
run_repro cusolver/internal-error jax_full_memory "XLA_PYTHON_CLIENT_MEM_FRACTION=0.99 python3 -u jax_full_memory.py"
echo "elapsed before tested rows: $(( $(date +%s) - start )) s"
ROOT=$PWD bash run_tested.sh 2>&1
for f in $(find entries -name '*_output.txt' -newer /tmp/marker | sort); do echo "== $f"; head -30 "$f"; done
echo "elapsed: $(( $(date +%s) - start )) s"
find entries . -maxdepth 0 >/dev/null
{ ls cusolver-status.jsonl cusolver-capture.log; find entries -newer /tmp/marker -type f -name '*.txt'; } | sort > /tmp/list
tar czf $OUT/results.tar.gz -T /tmp/list
