# The command sent to the GPU machine (nvidia-h200) for review12 (issue #10), from the repository root there. The new
# script (entries/cuda/cooperative-launch-too-large.repro/mps_grid.cu), run_tested.sh and a tested.tsv holding only the
# row of that call travelled in .carry/review12/ (an untracked folder, removed afterwards); the row is the review12 block
# of tested.tsv. One call, sent as bash -c '<these lines>':
#   mps_grid (cuda/cooperative-launch-too-large)
set -u
cd .carry/review12 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 150 env ROOT=$PWD bash generator/reference/capture/run_tested.sh 2>&1 | tee $OUT/summary.txt
cat entries/cuda/cooperative-launch-too-large.repro/mps_grid_output.txt
cd entries && find . -newer /tmp/m -type f \( -name "*_output.txt" -o -name "*_run.txt" \) | tar czf $OUT/r12.tar.gz -T -
