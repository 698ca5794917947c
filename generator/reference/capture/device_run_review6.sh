# The commands sent to the GPU machine for review6 (issue #10), from the repository root there. The new scripts,
# run_tested.sh and a tested.tsv holding only the rows of that call travelled in .carry/review6/ (a git-ignored
# folder); the rows are the review6 block of tested.tsv. Three calls, each with its own rows:
#   1: push_current, unjoined, unjoined_torch, after_invalidation (run as after_error), forms, visible_devices (and probe.sh, which printed the
#      installed numba 0.68.0 / numba-cuda 0.30.4 and driver.CUresult(700) from cuda.bindings; kept outside the repository)
#   2: oob
#   3: stale_pipes, terminate
set -u
cd .carry/review6 && touch /tmp/m && sleep 1
timeout 280 env ROOT=$PWD bash run_tested.sh 2>&1 | tee $OUT/summary.txt
cd entries && find . -newer /tmp/m -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | tar czf $OUT/r6.tar.gz -T -
