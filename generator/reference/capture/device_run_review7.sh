# The command sent to the GPU machine (nvidia-h200-x2: nproc.sh needs two GPUs) for review7 (issue #10), from the
# repository root there. The new scripts, run_tested.sh and a tested.tsv holding only the rows of that call travelled
# in .carry/review7/ (an untracked folder, removed afterwards); the rows are the review7 block of tested.tsv. One call:
#   getproc (cuda/symbol-not-found), nproc (cuda/invalid-device), kill_server (cuda/mps-rpc-failure)
set -u
cd .carry/review7 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 280 env ROOT=$PWD bash run_tested.sh 2>&1 | tee $OUT/summary.txt
cd entries && find . -newer /tmp/m -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | tar czf $OUT/r7.tar.gz -T -
