# The command sent to the GPU machine (nvidia-h200) for audit9-part2 (issue #10), from the repository root there. The
# new scripts, run_tested.sh and a tested.tsv holding only the rows of that call travelled in .carry/audit9-part2/ (an
# untracked folder, removed afterwards); the rows are the audit9-part2 block of tested.tsv. One call:
#   load_missing, cupy_missing (cuda/file-not-found)
set -u
cd .carry/audit9-part2 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 200 env ROOT=$PWD bash run_tested.sh 2>&1 | tee $OUT/summary.txt
cd entries && find . -newer /tmp/m -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | tar czf $OUT/a9p2.tar.gz -T -
