"""Hostile input: payloads that would run script, inject markup or break attributes if anything were unescaped."""
from __future__ import annotations

import json
import random
from pathlib import Path

from tests.lintcases import make_corpus

PAYLOADS = [
    "<script>window.__pwned='script';alert('script')</script>",
    "<img src=x onerror=\"window.__pwned='img';alert('img')\">",
    "<iframe src=\"javascript:alert('iframe')\"></iframe>",
    "<svg onload=\"window.__pwned='svg'\"><circle r=5></circle></svg>",
    "<a href=\"javascript:window.__pwned='a'\">a link</a>",
    "[markdown link](javascript:window.__pwned='mdlink')",
    "![markdown image](javascript:window.__pwned='mdimg')",
    "[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "\" onmouseover=\"window.__pwned='quote'\" x=\"",
    "' autofocus onfocus='window.__pwned=\"squote\"' '",
    "{{ 7*7 }} {% for x in range(3) %}jinja{% endfor %} {# c #}",
    "{: onclick=\"window.__pwned='attrlist'\" }",
    "<div markdown=\"1\" onclick=\"window.__pwned='mdinhtml'\">div</div>",
    "`<script>window.__pwned='codespan'</script>`",
    "<details open ontoggle=\"window.__pwned='details';alert('details')\">x</details>",
    # Ids the theme's and the site's scripts look up (DOM clobbering).
    "<h2 id=\"__config\">clobber</h2> <span id=\"ee-match-config\">clobber</span>",
]
# Code-span forms where an escaper and Python-Markdown can disagree about what is code (an escaped opening
# backtick, runs of unequal length). Entries reject unbalanced backticks (E103); articles take any Markdown.
CODE_SPAN_PAYLOADS = [
    "\\`<img src=x onerror=\"window.__pwned='bs-codespan';alert('bs-codespan')\">`",
    "`<img src=x onerror=\"window.__pwned='uneven-codespan';alert('uneven-codespan')\">``",
    "``<img src=x onerror=\"window.__pwned='uneven2'\">`",
    "\\\\`<img src=x onerror=\"window.__pwned='even-bs'\">`",
]
ARTICLE_PAYLOADS = PAYLOADS + CODE_SPAN_PAYLOADS
# Pieces that fuzzed article bodies are made of: Markdown's code, link, emphasis and HTML syntax around handlers.
FUZZ_TOKENS = ["`", "``", "\\", "<", ">", "<img src=x onerror=window.__pwned='fuzz'>", "<b", " onmouseover=",
               "\"", "'", "[", "]", "(", ")", "[a](javascript:window.__pwned='fuzzlink')",
               "[b](https://example.com/)", "[c](mailto:a@example.com)", "![d](javascript:window.__pwned='fuzzimg')",
               "*", "_", "\n", "\n\n", " ", "x",
               "&lt;", "&#60;", "{:", "}", "<!--", "-->", "<script>window.__pwned='fuzz'</script>", "    "]


def fuzzed_bodies(count: int, seed: int = 14) -> list[str]:
    """Deterministic random article bodies made of FUZZ_TOKENS (the same on every run, so a failure reproduces)."""
    rng = random.Random(seed)
    return ["".join(rng.choice(FUZZ_TOKENS) for _ in range(rng.randint(3, 40))) for _ in range(count)]

ALL = " ".join(PAYLOADS)
ENTRY_ID = "pytorch/hostile-entry"
ARTICLE_ID = "hostile-article"

ARTICLE = f"""---
title: "<script>window.__pwned='title'</script> Hostile article {{{{ 1+1 }}}}"
date: "2025-06-01"
id: {ARTICLE_ID}
entries: ["{ENTRY_ID}"]
---
# Heading <img src=x onerror="window.__pwned='h1'">

{chr(10).join(ARTICLE_PAYLOADS)}

<script>window.__pwned='block';alert('block')</script>

<iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>

[ref link][evil] and <javascript:alert('autolink')> and [ok](https://example.com/)

[evil]: javascript:window.__pwned='refdef'

```mermaid
graph LR
  A["x"] --> B
  click A call alert("mermaid")
```
"""


def hostile_entry(base: dict) -> dict:
    e = json.loads(json.dumps(base))
    e.update({
        "id": ENTRY_ID, "signature": f"HostileError: {ALL}"[:500],
        "signature_zh": f"恶意错误：{PAYLOADS[0]} {PAYLOADS[1]} {PAYLOADS[8]}",
        "regex": "HostileError: ", "samples": [], "near_misses": [], "overlaps": [],
        "subcategory": PAYLOADS[1][:100],
        "root_cause": ALL, "root_cause_zh": "恶意内容：" + ALL,
        "dead_ends": [{"action": p, "why_fails": ALL, "condition": p, "sources": [],
                       "evidence": {"failed": ["https://example.com/?q=%22%3E%3Cscript%3E#d"]}} for p in PAYLOADS],
        "workarounds": [{"action": p, "how": "steps: " + p, "condition": p,
                         "sources": ["https://example.com/?q=%3Cscript%3E"],
                         "evidence": {"worked": ["https://example.com/?q=%3Cimg%20src=x%3E#w"],
                                      "failed": ["https://example.com/?q=%27onload%3D#f"]}} for p in PAYLOADS],
        "official_doc_url": "https://example.com/docs", "official_doc_section": PAYLOADS[4],
        "versions": [{"version": "PyTorch 2.1.0", "status": "active", "behavior_change": p} for p in PAYLOADS[:3]],
        "os_specific": {"linux": PAYLOADS[0], "windows": PAYLOADS[5]},
        "aliases": PAYLOADS[:6],
        "corrections": [{"date": "2025-05-01", "field": PAYLOADS[8][:100], "was": PAYLOADS[0], "now": PAYLOADS[1],
                         "why": PAYLOADS[10]}],
        "transition_graph": {"leads_to": ["pytorch/cuda-out-of-memory"], "preceded_by": [],
                             "frequently_confused_with": []},
    })
    e["dead_ends_zh"] = [{"action": "中文 " + p, "why_fails": "原因 " + p} for p in PAYLOADS]
    e["workarounds_zh"] = [{"action": "中文 " + p, "how": "步骤 " + p} for p in PAYLOADS]
    e.pop("translated_from", None)
    return e


def hostile_corpus(dest: Path) -> Path:
    """The clean lint base plus one entry and one article full of payloads (valid by the schema)."""
    root = make_corpus({}, dest)
    base = json.loads((root / "pytorch/cuda-out-of-memory.json").read_text(encoding="utf-8"))
    path = root / f"{ENTRY_ID}.json"
    path.write_text(json.dumps(hostile_entry(base), ensure_ascii=False, indent=2), encoding="utf-8")
    fuzz = "\n\n".join(f"Fuzz {i}: {body}" for i, body in enumerate(fuzzed_bodies(300)))
    (root / "articles" / f"{ARTICLE_ID}.md").write_text(ARTICLE + "\n\nFuzzed bodies follow.\n\n" + fuzz + "\n",
                                                         encoding="utf-8")
    return root
