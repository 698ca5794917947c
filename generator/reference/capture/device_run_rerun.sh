# The command sent to the GPU machine (an H100, kind nvidia-h100-x1) for issue 10: the reproductions stored without a
# run record (tested.tsv's rows named repro*_h100), run again through run_tested.sh from the repository root there.
# The device tool sends another checkout, so the programs and run_tested.sh / tested.tsv travelled in .carry/rerun/
# (a git-ignored folder) and are copied over entries/ first. Results come back as one tarball.
set -u
touch /tmp/marker; sleep 1
cp -r .carry/rerun/entries/. entries/
nvidia-smi -L | sed 's/ (UUID: [^)]*)//'; nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
JOBS=8 timeout 400 env ROOT=$PWD bash .carry/rerun/run_tested.sh '*/repro*_h100' 2>&1 | tee $OUT/summary.txt
find entries -newer /tmp/marker -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | sort > /tmp/list
tar czf $OUT/rerun.tar.gz -T /tmp/list
