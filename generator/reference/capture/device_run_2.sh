set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for s in entries/toolchain/cuda-version-mismatch-extension.repro/repro.py; do
  dir=$(dirname "$s"); start=$(date -u +%FT%TZ)
  (cd "$dir" && timeout 240 python3 -u repro.py > output.txt 2>&1); rc=$?
  { echo "command: python3 -u repro.py (in $dir, timeout 240 s)"; echo "started: $start"; echo "exit status: $rc"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'; } > "$dir/run.txt" 2>&1
  echo "== $dir: $rc"; tail -3 "$dir/output.txt"
done
tar czf $OUT/cap2.tar.gz entries/toolchain/*.repro/output.txt entries/toolchain/*.repro/run.txt
