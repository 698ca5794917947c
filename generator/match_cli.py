"""`python -m generator match`: the command-line twin of the paste box (same index, same ranking)."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from generator.i18n import strings
from generator.load import load_corpus
from generator.match import Answer, Index, build_index, match
from generator.paths import ROOT
from generator.regex_gate import syntax_problems

DEFAULT_SITE_URL = "https://cuda-error-encyclopedia.github.io/"


def site_url() -> str:
    # mkdocs.yml holds !!python/name tags that yaml.safe_load refuses; the one line is enough.
    try:
        m = re.search(r"^site_url:\s*(\S+)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    except OSError:
        m = None
    url = m.group(1) if m else DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"


def load_index(args: argparse.Namespace) -> Index:
    if args.index:
        return Index.load(json.loads(Path(args.index).read_text(encoding="utf-8")))
    corpus = load_corpus(Path(args.entries))
    # The build's gate rejects bad regexes; here an uncompilable or unsafe one is only left out.
    bad = {e.id for e in corpus.entries if syntax_problems(e.regex, e.regex_flags)[1]}
    return Index.load(build_index(corpus.entries, bad))


def result_objects(index: Index, answer: Answer, lang: str) -> list[dict[str, Any]]:
    base = site_url()
    out = []
    for r in answer.results:
        e = index.entries[index.by_id[r.id]]
        sig = e.get("sz", e["s"]) if lang == "zh" else e["s"]
        url = base + ("zh/" if lang == "zh" else "") + r.id + "/"
        out.append({"id": r.id, "error_code": e.get("ec"), "signature": sig, "score": r.score, "kind": r.kind,
                    "url": url})
    return out


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def print_text(index: Index, answer: Answer, lang: str, out: TextIO) -> None:
    t = strings(lang)
    objs = result_objects(index, answer, lang)
    if not objs:
        print(t["match_none"], file=out)
        return
    print(t["match_similar"] if objs[0]["kind"] == "similar" else t["match_exact"], file=out)
    for n, (r, o) in enumerate(zip(answer.results, objs), 1):
        e = index.entries[index.by_id[r.id]]
        print(f"{n}. {o['signature']}", file=out)
        print(f"   {r.id}  [{o['kind']} {o['score']}]", file=out)
        if o["error_code"]:
            print(f"   {t['error_code']}: {o['error_code']}", file=out)
        if r.start >= 0:
            line, col = _line_col(answer.text, r.start)
            print(f"   {line}:{col}: {answer.text[r.start:r.end][:200]}", file=out)
        fix = e.get("wz", e.get("w")) if lang == "zh" else e.get("w")
        if fix:
            print(f"   {t['match_workaround']}: {fix}", file=out)
        print(f"   {o['url']}", file=out)


def run_match(args: argparse.Namespace) -> int:
    if args.top < 1:
        print("error: --top must be 1 or more", file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            data = Path(args.file).read_bytes()
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    text = data.decode("utf-8", errors="replace")  # binary junk is a paste like any other
    try:
        index = load_index(args)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: cannot load the match index: {exc}", file=sys.stderr)
        return 2
    if args.jsonl:
        pastes = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                value = None
            if not isinstance(value, str):
                print(f"error: line {n}: expected one JSON-encoded string", file=sys.stderr)
                return 2
            pastes.append(value)
        matched = False
        for paste in pastes:
            answer = match(index, paste, args.top)
            matched = matched or any(r.kind == "regex" for r in answer.results)
            print(json.dumps({"results": result_objects(index, answer, args.lang)}, ensure_ascii=False))
        return 0 if matched else 1
    answer = match(index, text, args.top)
    if args.json:
        print(json.dumps({"results": result_objects(index, answer, args.lang)}, ensure_ascii=False, indent=1))
    else:
        print_text(index, answer, args.lang, sys.stdout)
    return 0 if any(r.kind == "regex" for r in answer.results) else 1
