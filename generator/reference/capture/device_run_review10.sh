# The command sent to the GPU machine (nvidia-h200) for review10 (issue #10), from the repository root there. The new
# script (entries/cuda/launch-pending-count-exceeded.repro/pending.cu), run_tested.sh and a tested.tsv holding only the
# row of that call travelled in .carry/review10/ (an untracked folder, removed afterwards); the row is the review10
# block of tested.tsv. One call (15.4 s), sent as bash -c '<these lines>':
#   pending (cuda/launch-pending-count-exceeded)
set -u
cd .carry/review10 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 120 env ROOT=$PWD bash generator/reference/capture/run_tested.sh 2>&1 | tee $OUT/summary.txt
cat entries/cuda/launch-pending-count-exceeded.repro/pending_output.txt
cd entries && find . -newer /tmp/m -type f \( -name "*_output.txt" -o -name "*_run.txt" \) | tar czf $OUT/r10.tar.gz -T -
