# Client start-up against an MPS pipe directory in three states: empty (no daemon), a running control
# daemon, and the files left after the daemon and its server were killed with SIGKILL.
set -u
nvcc -o client client.cu || exit 2
export CUDA_MPS_PIPE_DIRECTORY=/tmp/r6mps/pipe CUDA_MPS_LOG_DIRECTORY=/tmp/r6mps/log
rm -rf /tmp/r6mps; mkdir -p $CUDA_MPS_PIPE_DIRECTORY $CUDA_MPS_LOG_DIRECTORY
echo "== 1: empty pipe directory, no control daemon"; ./client; echo "  (exit status $?)"
nvidia-cuda-mps-control -d; sleep 1
echo "== 2: control daemon running"; ./client; echo "  (exit status $?)"
echo "  server list: $(echo get_server_list | nvidia-cuda-mps-control)"
echo "  pipe directory: $(ls $CUDA_MPS_PIPE_DIRECTORY | paste -sd' ')"
server=$(pgrep -x nvidia-cuda-mps-server); daemon=$(pgrep -x nvidia-cuda-mps-control)
echo "  kill -9 server $server, daemon $daemon"; kill -9 $server $daemon; sleep 1
echo "== 3: daemon and server killed, files left in the pipe directory: $(ls $CUDA_MPS_PIPE_DIRECTORY | paste -sd' ')"
./client; rc=$?; echo "  (exit status $rc)"
echo "== 4: the same after removing the stale files"; rm -rf $CUDA_MPS_PIPE_DIRECTORY/*; ./client; echo "  (exit status $?)"
echo "  MPS processes left: $(pgrep -x nvidia-cuda-mps-control; pgrep -x nvidia-cuda-mps-server)"
exit $rc
