"""The command-line interface. Exit codes: 0 ok, 1 invalid input (or no match), 2 bad usage."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.paths import DOCS_DIR, ENTRIES_DIR, REFERENCE_FILE
from generator.problems import BuildError, Problem

DEFAULT_REPO_URL = "https://github.com/cuda-error-encyclopedia/encyclopedia"


def _print_problems(problems: list[Problem], stream=sys.stderr) -> None:
    for p in sorted(problems):
        prefix = "warning" if p.severity == "warning" else "error"
        print(f"{prefix}: {p}", file=stream)


def cmd_build(args: argparse.Namespace) -> int:
    from generator.site import build
    start = time.perf_counter()
    try:
        result = build(Path(args.entries), Path(args.docs), args.repo_url, Path(args.reference))
    except BuildError as exc:
        _print_problems(exc.problems)
        print(f"build stopped: {len(exc.problems)} error(s); docs/ was left as it was", file=sys.stderr)
        return 1
    _print_problems(result.problems)
    took = time.perf_counter() - start
    print(f"generated {len(result.files)} files ({len(result.written)} written, {result.unchanged} unchanged, "
          f"{len(result.removed)} removed) in {took:.2f}s", file=sys.stderr)
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from generator.match_cli import run_match
    return run_match(args)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="render entries/ into docs/ (en + zh)")
    b.add_argument("--entries", default=str(ENTRIES_DIR))
    b.add_argument("--docs", default=str(DOCS_DIR))
    b.add_argument("--reference", default=str(REFERENCE_FILE))
    b.add_argument("--repo-url", default=DEFAULT_REPO_URL)
    b.set_defaults(func=cmd_build)
    m = sub.add_parser("match", help="rank the entries for a pasted error (exit 0 match, 1 none, 2 bad usage)")
    m.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="the paste (default: stdin)")
    m.add_argument("--json", action="store_true", help='print {"results": [...]}')
    m.add_argument("--jsonl", action="store_true",
                   help="each input line is a JSON string; print one result object per line, in order")
    m.add_argument("--lang", choices=("en", "zh"), default="en")
    m.add_argument("--top", type=int, default=5)
    m.add_argument("--entries", default=str(ENTRIES_DIR))
    m.add_argument("--index", help="a match-index.json written by the build, instead of reading --entries")
    m.set_defaults(func=cmd_match)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage already; keep its code
        return int(exc.code or 0)
    return int(args.func(args))
