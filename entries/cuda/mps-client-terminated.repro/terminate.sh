# Starts an MPS control daemon (its own pipe directory), runs a client, removes it with the control daemon's
# terminate_client command, and shows what the client sees; then quits the daemon.
set -u
nvcc -o victim victim.cu || exit 2
export CUDA_MPS_PIPE_DIRECTORY=/tmp/r6mps2/pipe CUDA_MPS_LOG_DIRECTORY=/tmp/r6mps2/log
rm -rf /tmp/r6mps2; mkdir -p $CUDA_MPS_PIPE_DIRECTORY $CUDA_MPS_LOG_DIRECTORY
nvidia-cuda-mps-control -d; sleep 1
./victim > /tmp/r6mps2/victim.txt 2>&1 & client=$!
sleep 3
server=$(echo get_server_list | nvidia-cuda-mps-control)
echo "server $server, client $client"
echo "\$ echo terminate_client $server $client | nvidia-cuda-mps-control"
echo "terminate_client $server $client" | nvidia-cuda-mps-control
wait $client; rc=$?
echo "client output:"; cat /tmp/r6mps2/victim.txt; echo "(client exit status $rc)"
echo "control.log:"; grep -i -E "terminat|client" $CUDA_MPS_LOG_DIRECTORY/control.log | tail -8
echo quit | nvidia-cuda-mps-control; sleep 1
echo "MPS processes left: $(pgrep -x nvidia-cuda-mps-control; pgrep -x nvidia-cuda-mps-server)"
exit $rc
