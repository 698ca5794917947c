"""A synthetic corpus of N entries for scale benchmarks and the scale test, cloned from the real entries so
that field sizes (English and Chinese prose, versions, workarounds, dead ends) stay realistic."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from generator.paths import ENTRIES_DIR

DOMAINS = ["cuda", "pytorch", "cupy", "jax", "cudnn", "nccl", "triton", "tensorflow"]  # a subset of config/domains.yml
# Real entries are mostly CUDA; a grown encyclopedia spreads over the frameworks.
DOMAIN_WEIGHTS = [40, 20, 8, 8, 6, 6, 6, 6]
PRODUCTS = [("CUDA", ["11.8", "12.1", "12.4", "12.6", "12.8", "13.0"]), ("PyTorch", ["2.1", "2.3", "2.5", "2.7"]),
            ("Driver", ["535", "550", "560", "570", "580"]), ("cuDNN", ["8.9", "9.1", "9.5"]),
            ("JAX", ["0.4.30", "0.5.0"]), ("NCCL", ["2.18", "2.21", "2.23"])]
# Words that make each clone's text distinct, so the search index is not full of identical documents.
WORDS = ["kernel", "stream", "graph", "allocator", "context", "device", "launch", "buffer", "tensor", "driver",
         "capture", "event", "handle", "peer", "module", "fatbin", "warp", "block", "grid", "pool"]
WORDS_ZH = ["内核", "流", "图", "分配器", "上下文", "设备", "启动", "缓冲区", "张量", "驱动",
            "捕获", "事件", "句柄", "对等", "模块", "二进制", "线程束", "线程块", "网格", "内存池"]
UNTRANSLATED_SHARE = 0.15  # some entries have no Chinese yet: their zh pages fall back to English
ARTICLES_PER_1000 = 3


def real_entries(root: Path = ENTRIES_DIR) -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(root.glob("*/*.json"))
            if p.parent.name != "articles"]


def _versions(rng: random.Random) -> list[dict[str, str]]:
    rows = []
    for product, versions in rng.sample(PRODUCTS, rng.randint(1, 3)):
        for v in rng.sample(versions, rng.randint(1, min(3, len(versions)))):
            status = rng.choice(["active", "active", "active", "fixed", "deprecated"])
            rows.append({"version": f"{product} {v}", "status": status})
    return rows


SIGNATURE_MAX = 500  # generator/load/schema/entry.schema.json: signature, signature_zh


def _within(message: str, suffix: str) -> str:
    return message[:SIGNATURE_MAX - len(suffix)] + suffix


def _clone(src: dict[str, Any], new_id: str, ids: list[str], rng: random.Random, k: int) -> dict[str, Any]:
    d = json.loads(json.dumps(src))
    d["id"] = new_id
    d["domain"] = new_id.split("/")[0]
    w, wz = rng.randrange(len(WORDS)), rng.randrange(len(WORDS))
    tag = f"synthetic-{k}"
    # The real message stays first (fact checks look for it); the suffix makes the title unique. A message near
    # the schema's 500 characters loses its end to the suffix.
    d["signature"] = _within(src["signature"], f" ({WORDS[w]} {tag})")
    d["root_cause"] = f"{src['root_cause']} Seen with the {WORDS[w]} and {WORDS[wz]} paths of {tag}."
    # A clone keeps its source's `reproduction` (write_corpus copies the files): the prose it inherits may speak of
    # the stored run, and a claim of a run with none stored is an error (E705).
    for key in ("samples", "near_misses", "overlaps", "acknowledged", "corrections",
                "translated_from", "belongs_to", "title", "title_zh"):
        d.pop(key, None)
    for item in d["workarounds"] + d["dead_ends"]:  # a clone has no .repro folder: nothing of it was tested
        item.pop("tested", None)
    d["samples"] = [d["signature"]]
    # A clone's regex is its unique suffix: a copy of the source regex would steal the other clones' pastes
    # (E205). Without the real message in its regex a clone cannot claim the real code either (E302).
    d["regex"] = f"\\({WORDS[w]} {tag}\\)"
    d["error_code"] = None
    d["versions"] = _versions(rng)
    d["tags"] = sorted(set(src["tags"][:4]) | {f"area-{WORDS[w]}", f"batch-{k % 50}"})
    others = [i for i in rng.sample(ids, min(len(ids), 6)) if i != new_id]
    # leads_to only points at later clones, so the synthetic graph has no A->B->A contradictions (E403).
    later = [i for i in others if int(i.rsplit("-", 1)[1]) > k]
    d["transition_graph"] = {"leads_to": later[: rng.randint(0, 2)], "preceded_by": [],
                             "frequently_confused_with": others[2: 2 + rng.randint(0, 3)]}
    if rng.random() < UNTRANSLATED_SHARE:
        d["signature_zh"], d["root_cause_zh"] = "", ""
        d["dead_ends_zh"], d["workarounds_zh"] = [], []
    else:
        d["signature_zh"] = _within(src["signature_zh"], f"（{WORDS_ZH[w]} {tag}）")
        d["root_cause_zh"] = f"{src['root_cause_zh']}出现在 {tag} 的{WORDS_ZH[w]}与{WORDS_ZH[wz]}路径上。"
    return d


def _ids(n: int, sources: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for k in range(n):
        src = sources[k % len(sources)]
        domain = rng.choices(DOMAINS, DOMAIN_WEIGHTS)[0]
        out.append((f"{domain}/{src['id'].split('/', 1)[1]}-{k}", src))
    return out


def _article(k: int, entry_ids: list[str], template: str) -> str:
    listed = "\n".join(f"  - \"{i}\"" for i in entry_ids)
    return (f"---\ntitle: \"Synthetic article {k} about CUDA errors\"\ndate: \"2025-02-{1 + k % 28:02d}\"\n"
            f"id: \"synthetic-article-{k}\"\nentries:\n{listed}\n---\n{template}")


def write_corpus(dest: Path, n: int, seed: int = 6) -> Path:
    """Write N entries (and a few articles) to dest/<domain>/<slug>.json; returns dest."""
    rng = random.Random(seed)
    sources = real_entries()
    pairs = _ids(n, sources, rng)
    ids = [i for i, _ in pairs]
    if dest.exists():
        shutil.rmtree(dest)
    for k, (new_id, src) in enumerate(pairs):
        path = dest / f"{new_id}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(_clone(src, new_id, ids, rng, k), ensure_ascii=False, indent=2), encoding="utf-8")
        if src.get("reproduction"):
            shutil.copytree(ENTRIES_DIR / f"{src['id']}.repro", dest / f"{new_id}.repro")
    articles = dest / "articles"
    articles.mkdir(parents=True, exist_ok=True)
    real_article = next((ENTRIES_DIR / "articles").glob("*.md")).read_text(encoding="utf-8")
    body = real_article.split("\n---\n", 1)[1]
    for k in range(max(1, n * ARTICLES_PER_1000 // 1000)):
        (articles / f"synthetic-article-{k}.md").write_text(_article(k, rng.sample(ids, 3), body), encoding="utf-8")
    return dest
