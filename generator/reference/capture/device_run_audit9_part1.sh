# The command sent to the GPU machine (nvidia-h200) for audit9 part 1 (issue #10), from the repository root there. The
# new script, run_tested.sh and a tested.tsv holding only the row of that call travelled in .carry/audit9-part1/ (an
# untracked folder, removed afterwards); the row is the audit9-part1 block of tested.tsv. One call:
#   torch_event_checks (cuda/invalid-resource-handle)
set -u
cd .carry/audit9-part1 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 200 env ROOT=$PWD bash generator/reference/capture/run_tested.sh 2>&1 | tee $OUT/summary.txt
cd entries && find . -newer /tmp/m -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | tar czf $OUT/a9p1.tar.gz -T -
