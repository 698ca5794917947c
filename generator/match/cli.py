"""`python -m generator match`: the command-line twin of the paste box (same index, same ranking)."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from generator.config import site_settings
from generator.l10n.i18n import strings
from generator.l10n.languages import prefix
from generator.load.corpus import load_corpus
from generator.match.engine import Answer, Index, display_file, match, match_files
from generator.regex_dialect.regex_gate import syntax_problems


def site_url() -> str:
    """SITE_URL when set (as the build uses it), else config/site.yml's site_url; with a trailing slash."""
    url = site_settings().site_url.strip()
    return url if url.endswith("/") else url + "/"


class Matcher:
    """The matching index, its similarity words, and the display shards of one language, read on demand
    (the same files the site ships; `read(rel)` returns one of them by path relative to match-index.json)."""

    def __init__(self, read: Callable[[str], dict[str, Any]], lang: str) -> None:
        self.read = read
        self.lang = lang
        self.index = Index.load(read("match-index.json"), read("match-words.json"))
        self.shards: dict[int, dict[str, Any]] = {}

    def display(self, entry_id: str) -> dict[str, Any]:
        k = self.index.by_id[entry_id] // self.index.raw["display_shard"]
        if k not in self.shards:
            self.shards[k] = self.read(display_file(self.lang, k))["entries"]
        row: dict[str, Any] = self.shards[k].get(entry_id, {"s": entry_id})
        return row


def load_matcher(args: argparse.Namespace) -> Matcher:
    if args.index:
        base = Path(args.index).parent
        first = Path(args.index)

        def read(rel: str) -> dict[str, Any]:
            path = first if rel == "match-index.json" else base / rel
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            return data
        return Matcher(read, args.lang)
    corpus = load_corpus(Path(args.entries))
    # The build's gate rejects bad regexes; here an uncompilable or unsafe one is only left out.
    bad = {e.id for e in corpus.entries if syntax_problems(e.regex, e.regex_flags)[1]}
    files = match_files(corpus.entries, bad, (args.lang,))
    return Matcher(files.__getitem__, args.lang)


def result_objects(m: Matcher, answer: Answer) -> list[dict[str, Any]]:
    base = site_url()
    out = []
    for r in answer.results:
        d = m.display(r.id)
        url = base + prefix(m.lang) + r.id + "/"
        out.append({"id": r.id, "error_code": d.get("ec"), "signature": d["s"], "score": r.score, "kind": r.kind,
                    "url": url})
    return out


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def cut_notes(m: Matcher, answer: Answer) -> list[str]:
    """What of the paste was not read, in words (the paste box shows the same notes)."""
    t, params, notes = strings(m.lang), m.index.raw["params"], []
    if answer.cut.paste:
        notes.append(t["match_cut_paste"].format(half=f"{params['max_chars'] // 2:,}"))
    if answer.cut.lines:
        notes.append(t["match_cut_lines"].format(count=f"{answer.cut.lines:,}", max=f"{params['max_line']:,}",
                                                 keep=f"{(params['max_line'] - 3) // 2:,}"))
    return notes


def json_answer(m: Matcher, answer: Answer) -> dict[str, Any]:
    """{"results": [...]}, and "cut": {"paste": bool, "lines": int} when only part of the paste was read."""
    out: dict[str, Any] = {"results": result_objects(m, answer)}
    if answer.cut:
        out["cut"] = {"paste": answer.cut.paste, "lines": answer.cut.lines}
    return out


def print_text(m: Matcher, answer: Answer, out: TextIO) -> None:
    t = strings(m.lang)
    for note in cut_notes(m, answer):
        print(note, file=out)
    objs = result_objects(m, answer)
    if not objs:
        print(t["match_none"], file=out)
        return
    print(t["match_similar"] if objs[0]["kind"] == "similar" else t["match_exact"], file=out)
    for n, (r, o) in enumerate(zip(answer.results, objs, strict=True), 1):
        print(f"{n}. {o['signature']}", file=out)
        print(f"   {r.id}  [{o['kind']} {o['score']}]", file=out)
        if o["error_code"]:
            print(f"   {t['error_code']}{t['colon']}{o['error_code']}", file=out)
        if r.start >= 0:
            line, col = _line_col(answer.text, r.start)
            print(f"   {line}:{col}: {answer.text[r.start:r.end][:200]}", file=out)
        fix = m.display(r.id).get("w")
        if fix:
            print(f"   {t['match_workaround']}{t['colon']}{fix}", file=out)
        print(f"   {o['url']}", file=out)


def run_match(args: argparse.Namespace) -> int:
    if args.top < 1:
        print("error: --top must be 1 or more", file=sys.stderr)
        return 2
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    text = data.decode("utf-8", errors="replace")  # binary junk is a paste like any other
    try:
        matcher = load_matcher(args)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: cannot load the match index: {exc}", file=sys.stderr)
        return 2
    try:
        return answer_all(matcher, text, args)
    except (OSError, ValueError, KeyError) as exc:  # a display shard missing or damaged
        print(f"error: cannot read the match display data: {exc}", file=sys.stderr)
        return 2


def answer_all(matcher: Matcher, text: str, args: argparse.Namespace) -> int:
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
            answer = match(matcher.index, paste, args.top)
            matched = matched or any(r.kind in ("regex", "cause") for r in answer.results)
            print(json.dumps(json_answer(matcher, answer), ensure_ascii=False))
        return 0 if matched else 1
    answer = match(matcher.index, text, args.top)
    if args.json:
        print(json.dumps(json_answer(matcher, answer), ensure_ascii=False, indent=1))
    else:
        print_text(matcher, answer, sys.stdout)
    return 0 if any(r.kind in ("regex", "cause") for r in answer.results) else 1
