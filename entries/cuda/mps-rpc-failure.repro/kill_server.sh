# Starts an MPS control daemon (its own pipe and log directories), runs a client, kills the client's MPS server
# with SIGKILL, and shows what the client sees (its first failing call, three retries, then cudaDeviceReset);
# then quits the daemon.
set -u
nvcc -o client client.cu || exit 2
export CUDA_MPS_PIPE_DIRECTORY=/tmp/r7mps/pipe CUDA_MPS_LOG_DIRECTORY=/tmp/r7mps/log
rm -rf /tmp/r7mps; mkdir -p $CUDA_MPS_PIPE_DIRECTORY $CUDA_MPS_LOG_DIRECTORY
nvidia-cuda-mps-control -d; sleep 1
timeout 60 ./client > /tmp/r7mps/client.txt 2>&1 & client=$!
sleep 3
server=$(echo get_server_list | nvidia-cuda-mps-control)
echo "server $server, client $client"
echo "\$ kill -9 $server"
kill -9 "$server"
wait $client; rc=$?
echo "client output:"; cat /tmp/r7mps/client.txt; echo "(client exit status $rc)"
echo "control.log:"; tail -12 $CUDA_MPS_LOG_DIRECTORY/control.log
echo "server.log:"; tail -8 $CUDA_MPS_LOG_DIRECTORY/server.log
echo quit | nvidia-cuda-mps-control; sleep 1
exit $rc
