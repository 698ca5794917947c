# audit5 part 1, cuda/invalid-device: does torch.load of a checkpoint saved on a GPU this process does not have
# raise 'invalid device ordinal'? (PyTorch's own test test_load_nonexistent_device rewrites 'cuda:0' -> 'cuda:9'.)
import io, torch
print("torch", torch.__version__, "cuda", torch.version.cuda, "device_count", torch.cuda.device_count(),
      torch.cuda.get_device_name(0))
buf = io.BytesIO()
torch.save({"w": torch.randn(2, device="cuda")}, buf)
data = buf.getvalue().replace(b"cuda:0", b"cuda:1")
for label, kw in [("torch.load (storage saved on cuda:1)", {}),
                  ("torch.load(map_location='cuda:0')", {"map_location": "cuda:0"}),
                  ("torch.load(map_location='cpu')", {"map_location": "cpu"})]:
    try:
        sd = torch.load(io.BytesIO(data), **kw)
        print(f"{label}: ok, tensor on {sd['w'].device}")
    except Exception as e:
        print(f"{label}: {type(e).__module__}.{type(e).__name__}: {str(e).splitlines()[0]}")
# where 'invalid device ordinal' does come from: using a device index the process does not have
for label, fn in [("torch.zeros(1, device='cuda:1')", lambda: torch.zeros(1, device="cuda:1")),
                  ("torch.cuda.set_device(1)", lambda: torch.cuda.set_device(1))]:
    try:
        fn(); print(f"{label}: ok")
    except Exception as e:
        print(f"{label}: {type(e).__module__}.{type(e).__name__}: {str(e).splitlines()[0]}")
