#!/usr/bin/env bash
# Runs the tested workarounds and dead ends listed in tested.tsv (entry id, name, mode, command), each in its
# entry's reproduction folder and under a time limit, writing its unedited output (<name>_output.txt) and a run
# record (<name>_run.txt: command, start, exit status, GPU, CUDA and library versions) beside it. Rows of mode
# "parallel" run four at a time (JOBS) first (light programs); rows of mode "serial" run one after the other (they fill the
# GPU or use fixed ports). Optional arguments: run only these rows (<entry id>/<name>, or a shell pattern such as
# '*/*_h100'). Used on the device machine; results travel back as one tarball (see device_run.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=${ROOT:-$(cd "$here/../../.." && pwd)}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
env_file=$(mktemp)
{
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
  echo "gpus: $(nvidia-smi -L | sed 's/ (UUID: [^)]*)//' | paste -sd';' -)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1), $(nvidia-smi | grep -o 'CUDA Version: [0-9.]*' | head -1)"
  python3 - <<'EOF' 2>/dev/null
import platform, torch
print("cuda:", torch.version.cuda)
parts = [f"python {platform.python_version()}", f"torch {torch.__version__}",
         f"cudnn {torch.backends.cudnn.version()}", "nccl " + ".".join(map(str, torch.cuda.nccl.version()))]
for name in ("cupy", "jax", "triton", "transformers"):
    try:
        parts.append(f"{name} {__import__(name).__version__}")
    except Exception:
        pass
print("versions:", ", ".join(parts))
EOF
  echo "nvcc: $(nvcc --version | tail -2 | head -1)"
} > "$env_file"

run_one() {  # id name command
  local dir="$root/entries/$1.repro" name=$2 cmd=$3 start rc
  start=$(date -u +%FT%TZ)
  (cd "$dir" && timeout 120 bash -c "$cmd" > "${name}_output.txt" 2>&1 < /dev/null); rc=$?
  {
    echo "command: $cmd"
    echo "in: entries/$1.repro (timeout 120 s)"
    echo "started: $start"
    echo "exit status: $rc"
    cat "$env_file"
  } > "$dir/${name}_run.txt"
  echo "$1 $name: exit status $rc"
}
selected() {  # "<entry id>/<name>" is among the arguments (patterns), or there are none
  [ $# -eq 1 ] && return 0
  local row=$1 pat; shift
  for pat in "$@"; do
    # shellcheck disable=SC2053  # the argument is a pattern on purpose
    [[ "$row" == $pat ]] && return 0
  done
  return 1
}
par=$(mktemp); ser=$(mktemp)
while IFS=$'\t' read -r id name mode cmd; do
  case "$id" in ''|'#'*) continue ;; esac
  selected "$id/$name" "$@" || continue
  if [ "$mode" = parallel ]; then out=$par; else out=$ser; fi
  printf '%s\t%s\t%s\n' "$id" "$name" "$cmd" >> "$out"
done < "$here/tested.tsv"
n=0
while IFS=$'\t' read -r id name cmd; do
  run_one "$id" "$name" "$cmd" &
  n=$((n + 1)); if [ $n -ge "${JOBS:-4}" ]; then wait -n; n=$((n - 1)); fi
done < "$par"
wait
while IFS=$'\t' read -r id name cmd; do run_one "$id" "$name" "$cmd"; done < "$ser"
