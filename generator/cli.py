"""The command-line interface. Exit codes: 0 ok, 1 invalid input (or no match), 2 bad usage."""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path
from typing import TextIO

from generator.paths import DOCS_DIR, ENTRIES_DIR, REFERENCE_FILE, ROOT
from generator.problems import BuildError, Problem


def _print_problems(problems: list[Problem], stream: TextIO = sys.stderr) -> None:
    for p in sorted(problems):
        print(f"{p.severity}: {p}", file=stream)


def cmd_build(args: argparse.Namespace) -> int:
    from generator.build.site import build
    from generator.config import site_settings
    from generator.match.cli import site_url
    start = time.perf_counter()
    settings = site_settings()
    try:
        result = build(Path(args.entries), Path(args.docs), args.repo_url or settings.repository, Path(args.reference),
                       site_url=site_url(), branch=settings.branch)
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
    from generator.match.cli import run_match
    return run_match(args)
def cmd_validate(args: argparse.Namespace) -> int:
    from generator.lint.checks import check
    from generator.lint.report import format_report, select
    entries = Path(args.entries)
    report = check(entries, Path(args.reference))
    problems, missing = select(report.problems, entries, [Path(p) for p in args.paths])
    n_entries, n_articles = len(report.corpus.ids), len(report.corpus.articles)
    checked = (f"the {len(args.paths)} path(s) given" if args.paths else
               f"{n_entries} {'entry' if n_entries == 1 else 'entries'} and {n_articles} "
               f"article{'' if n_articles == 1 else 's'}")
    print(format_report(problems, entries, args.format, missing, checked), end="")
    return 1 if missing or any(p.severity == "error" for p in problems) else 0


def cmd_new(args: argparse.Namespace) -> int:
    from generator.scaffold import new_entry
    try:
        path = new_entry(Path(args.entries), args.id)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"created {_shown(path, Path.cwd())}\nreplace every 'FILL IN' value, then run: "
          f"{validate_hint(path, Path(args.entries))}")
    return 0


def _shown(path: Path, base: Path) -> str:
    """A path as it can be typed in `base`: relative when it is below it."""
    path, base = Path(os.path.abspath(path)), Path(os.path.abspath(base))  # not resolve(): .venv/bin/python is a link
    try:
        return shlex.quote(str(path.relative_to(base)))
    except ValueError:
        return shlex.quote(str(path))


def validate_hint(path: Path, entries: Path) -> str:
    """The validate command for `path`, exactly as it works when typed here: this interpreter (a bare `python` has
    none of the dependencies outside the virtualenv), run from the repository root (where `generator` is)."""
    cd = "" if Path.cwd().resolve() == ROOT.resolve() else f"cd {shlex.quote(str(ROOT))} && "
    python = _shown(Path(sys.executable), ROOT)
    if "/" not in python:
        python = f"./{python}"
    extra = "" if entries.resolve() == ENTRIES_DIR.resolve() else f" --entries {_shown(entries, ROOT)}"
    return f"{cd}{python} -m generator validate{extra} {_shown(path, ROOT)}"


def cmd_stamp(args: argparse.Namespace) -> int:
    from generator.scaffold import stamp_file
    for name in args.paths:
        try:
            changed = stamp_file(Path(name))
        except (OSError, ValueError) as exc:
            print(f"error: {name}: {exc}", file=sys.stderr)
            return 1
        print(f"{'stamped' if changed else 'unchanged'}: {name}")
    return 0


def parser() -> argparse.ArgumentParser:
    from generator.l10n.i18n import DEFAULT_LANG, LANGS
    ap = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="render entries/ into docs/ (every language of config/languages.yml)")
    b.add_argument("--entries", default=str(ENTRIES_DIR))
    b.add_argument("--docs", default=str(DOCS_DIR))
    b.add_argument("--reference", default=str(REFERENCE_FILE))
    b.add_argument("--repo-url", help="the repository entries' source and edit links point at "
                                      "(default: config/site.yml, or REPOSITORY_URL)")
    b.set_defaults(func=cmd_build)
    m = sub.add_parser("match", help="rank the entries for a pasted error (exit 0 match, 1 none, 2 bad usage)")
    m.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="the paste (default: stdin)")
    m.add_argument("--json", action="store_true", help='print {"results": [...]}')
    m.add_argument("--jsonl", action="store_true",
                   help="each input line is a JSON string; print one result object per line, in order")
    m.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG)
    m.add_argument("--top", type=int, default=5)
    m.add_argument("--entries", default=str(ENTRIES_DIR))
    m.add_argument("--index", help="a match-index.json written by the build (match-words.json and match-display/ "
                                   "are read from its folder), instead of reading --entries")
    m.set_defaults(func=cmd_match)
    v = sub.add_parser("validate", help="report every problem in entries/ (or only in PATHS), exit 1 on any error")
    v.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to report on (default: all)")
    v.add_argument("--format", choices=("text", "json", "github"), default="text")
    v.add_argument("--entries", default=str(ENTRIES_DIR))
    v.add_argument("--reference", default=str(REFERENCE_FILE))
    v.set_defaults(func=cmd_validate)
    n = sub.add_parser("new", help="scaffold entries/<domain>/<slug>.json with every field (never overwrites)")
    n.add_argument("id", metavar="DOMAIN/SLUG")
    n.add_argument("--entries", default=str(ENTRIES_DIR))
    n.set_defaults(func=cmd_new)
    s = sub.add_parser("stamp", help="record in translated_from what each zh field was translated from")
    s.add_argument("paths", nargs="+", metavar="PATH")
    s.set_defaults(func=cmd_stamp)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage already; keep its code
        return int(exc.code or 0)
    return int(args.func(args))
