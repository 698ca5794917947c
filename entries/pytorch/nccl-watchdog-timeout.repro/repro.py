"""PyTorch's ProcessGroupNCCL watchdog on one GPU: a collective that cannot finish within the process group's
timeout. One rank (world size 1) and a 5 s timeout; the all_reduce is queued behind a kernel that spins for
about 30 s (torch.cuda._sleep), so the collective's CUDA event is not done when the watchdog looks at it. This is
the watchdog path a stalled peer rank triggers on a real cluster (there, the collective waits on the other rank);
here the wait is local, so the message is the same but the cause is staged."""
import datetime
import os
import sys
import time

import torch
import torch.distributed as dist

os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29517")
print("torch", torch.__version__, "cuda", torch.version.cuda, "nccl", ".".join(map(str, torch.cuda.nccl.version())),
      torch.cuda.get_device_name(0), flush=True)
dist.init_process_group("nccl", rank=0, world_size=1, timeout=datetime.timedelta(seconds=5),
                        device_id=torch.device("cuda", 0))
x = torch.ones(1024, device="cuda")
dist.all_reduce(x)
torch.cuda.synchronize()
print("first all_reduce done", flush=True)
torch.cuda._sleep(60_000_000_000)  # ~30 s of spinning at ~2 GHz, on the current stream
dist.all_reduce(x)  # the NCCL stream waits for the spinning kernel
print("second all_reduce queued; waiting for the watchdog", flush=True)
for _ in range(60):
    time.sleep(1)
print("still alive after 60 s (the watchdog did not fire)", flush=True)
sys.exit(3)
