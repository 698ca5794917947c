# The command sent to the GPU machine (nvidia-h200) for review11 (issue #10), from the repository root there. The new
# script (entries/cuda/invalid-symbol.repro/noarch.cu), run_tested.sh and a tested.tsv holding only the row of that
# call travelled in .carry/review11/ (an untracked folder, removed afterwards); the row is the review11 block of
# tested.tsv. One call (15.7 s), sent as bash -c '<these lines>':
#   noarch (cuda/invalid-symbol)
set -u
cd .carry/review11 && touch /tmp/m && sleep 1 && nvidia-smi -L
timeout 120 env ROOT=$PWD bash generator/reference/capture/run_tested.sh 2>&1 | tee $OUT/summary.txt
cat entries/cuda/invalid-symbol.repro/noarch_output.txt
cd entries && find . -newer /tmp/m -type f \( -name "*_output.txt" -o -name "*_run.txt" \) | tar czf $OUT/r11.tar.gz -T -
