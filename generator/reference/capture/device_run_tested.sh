# The command sent to the GPU machine for the tested workarounds and dead ends (tested.tsv), from the repository
# root there. The reproduction folders and run_tested.sh / tested.tsv travelled in .carry/ (a git-ignored folder),
# since the device tool sends another checkout: they are copied over entries/ first. Results come back as one tarball.
set -u
touch /tmp/marker; sleep 1
cp -r .carry/entries/. entries/
nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
timeout 470 env ROOT=$PWD bash .carry/run_tested.sh "$@" 2>&1 | tee $OUT/summary.txt
find entries -newer /tmp/marker -type f \( -name '*_output.txt' -o -name '*_run.txt' \) | sort > /tmp/list
tar czf $OUT/tested.tar.gz -T /tmp/list
