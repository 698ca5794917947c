# The command sent to the GPU machine for sweep6 (issue #10), from the repository root there, in one call
# (2026-11-28, NVIDIA H200, driver 580.159.04, CUDA 13.0). The two scripts, run_tested.sh and a tested.tsv holding
# only the sweep6 rows travelled in .carry/sweep6/ (a git-ignored folder). The outputs came back as the command's
# stdout (the folders were too deep for the return path) and were stored from it unchanged.
set -u
cd .carry/sweep6 && timeout 200 env ROOT=$PWD bash generator/reference/capture/run_tested.sh 2>&1 | tee $OUT/summary.txt
for f in entries/cuda/*.repro/*_output.txt entries/cuda/*.repro/*_run.txt; do
  mkdir -p $OUT/$(dirname $f); cp $f $OUT/$f; echo "=== $f"; cat $f
done
