# Workaround "after adding tokens to a Hugging Face tokenizer, resize the model's embeddings": a tokenizer with 10
# words gets one added token (id 10) while the model still has 10 embedding rows. Without the resize the lookup hits
# the device-side assert (child process); after model.resize_token_embeddings(len(tokenizer)) it runs.
import subprocess, sys
import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import BertConfig, BertModel
try:
    from transformers import PreTrainedTokenizerFast
except ImportError:                                            # other transformers releases
    from transformers import TokenizersBackend as PreTrainedTokenizerFast

words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "gpu", "is", "fast", "slow", "a"]
backend = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
backend.pre_tokenizer = pre_tokenizers.Whitespace()
tokenizer = PreTrainedTokenizerFast(tokenizer_object=backend, unk_token="[UNK]", pad_token="[PAD]")
tokenizer.add_tokens(["<gpu_error>"])
torch.manual_seed(0)
model = BertModel(BertConfig(vocab_size=len(words), hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                             intermediate_size=64, max_position_embeddings=32)).cuda().eval()
ids = tokenizer("the gpu is <gpu_error>", return_tensors="pt")["input_ids"].cuda()

if sys.argv[1:] == ["broken"]:
    with torch.no_grad():
        model(ids)
    torch.cuda.synchronize()
    sys.exit(0)

print(f"len(tokenizer) = {len(tokenizer)}, embedding rows = {model.get_input_embeddings().num_embeddings}, "
      f"ids = {ids.tolist()}", flush=True)
r = subprocess.run([sys.executable, __file__, "broken"], capture_output=True, text=True)
lines = (r.stdout + r.stderr).splitlines()
shown = [l for l in lines if "Assertion" in l][:1] + [l for l in lines if "Error:" in l][:1]
print("without the resize (child process):\n  " + "\n  ".join(shown or ["(no error)"]), f"(exit status {r.returncode})",
      flush=True)

model.resize_token_embeddings(len(tokenizer))
with torch.no_grad():
    out = model(ids).last_hidden_state
torch.cuda.synchronize()
print(f"after model.resize_token_embeddings(len(tokenizer)): embedding rows = "
      f"{model.get_input_embeddings().num_embeddings}, output shape {tuple(out.shape)}")
print("FIXED: no device-side assert")
