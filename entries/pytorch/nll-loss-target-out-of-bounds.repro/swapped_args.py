# review5 T5: what does swapping input and target of F.cross_entropy / F.nll_loss give on CUDA?
# (pytorch/nll-loss-target-out-of-bounds lists "input and target arguments swapped" as a cause of the device-side assert)
import torch, torch.nn.functional as F
logits = torch.randn(4, 5, device="cuda")
target = torch.tensor([1, 0, 4, 2], device="cuda")
for name, fn in [("cross_entropy(target, logits)", lambda: F.cross_entropy(target, logits)),
                 ("nll_loss(target, logits)", lambda: F.nll_loss(target, logits)),
                 ("cross_entropy(target.float(), logits.argmax(1))", lambda: F.cross_entropy(target.float(), logits.argmax(1))),
                 ("nll_loss(log_softmax(logits), target) correct order", lambda: F.nll_loss(F.log_softmax(logits, 1), target))]:
    try:
        r = fn(); torch.cuda.synchronize()
        print(f"{name}: OK {r}", flush=True)
    except Exception as e:
        print(f"{name}: {type(e).__name__}: {str(e).splitlines()[0]}", flush=True)
