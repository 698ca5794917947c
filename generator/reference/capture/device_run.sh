set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
bash generator/reference/capture/run_all.sh $(find entries -path '*.repro/repro.py' -newer generator/render/sanitize.py | sort)
tail -5 generator/reference/capture/capture.log
for f in $(find entries -path '*.repro/run.txt' -newer generator/render/sanitize.py); do echo "== $f"; grep exit $f; done
tar czf $OUT/captures.tar.gz generator/reference/capture $(find entries -path '*.repro/*' -newer generator/render/sanitize.py)
