# The command sent to the GPU machine (nvidia-h200) for review8 (issue #10), from the repository root there. The new
# scripts, run_tested.sh and a tested.tsv holding only the rows of that call travelled in .carry/review8/ (an
# untracked folder, removed afterwards); the rows are the review8 block of tested.tsv. One call:
#   legacy_stream (cuda/stream-capture-implicit), arch_list (cublas/execution-failed)
set -u
cd .carry/review8 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 200 env ROOT=$PWD bash run_tested.sh 2>&1 | tee $OUT/summary.txt
cd entries && find . -newer /tmp/m -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | tar czf $OUT/r8.tar.gz -T -
