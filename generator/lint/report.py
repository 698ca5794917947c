"""Print a validation report: text grouped by file, JSON, or GitHub annotations at the offending line."""
from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from generator.lint.rules import RULES
from generator.load.corpus import read_regular
from generator.load.jsonpos import field_line
from generator.problems import Problem

_JSON_LINE = re.compile(r"\(line (\d+), column \d+\)")


def _abs(p: Problem, entries_dir: Path) -> Path:
    return (entries_dir.parent / p.file).resolve()


def select(problems: list[Problem], entries_dir: Path, paths: list[Path]) -> tuple[list[Problem], list[str]]:
    """Problems in the given files or folders (all when none given), and the paths that do not exist. Rules that
    span files still see the whole corpus; only the report is narrowed (the pre-commit hook passes changed files)."""
    if not paths:
        return problems, []
    missing = [str(p) for p in paths if not p.exists()]
    wanted = [p.resolve() for p in paths if p.exists()]
    root = entries_dir.resolve()
    out = []
    for prob in problems:
        where = _abs(prob, entries_dir)
        if not where.is_relative_to(root) or any(where == w or where.is_relative_to(w) for w in wanted):
            out.append(prob)
    return out, missing


def with_lines(problems: list[Problem], entries_dir: Path) -> list[Problem]:
    """Each problem with the line it is on (a line the problem already carries is kept). Only regular files are
    read, never through a symbolic link (E007 is reported on the link; its target is never opened)."""
    texts: dict[str, str | None] = {}
    out = []
    for p in problems:
        if p.line is not None:
            out.append(p)
            continue
        if p.file not in texts:
            try:
                texts[p.file] = read_regular(entries_dir.parent / p.file).decode("utf-8", errors="replace")
            except Exception:  # noqa: BLE001 (a line number is a courtesy: missing, a link, too big -> line 1)
                texts[p.file] = None
        text = texts[p.file]
        m = _JSON_LINE.search(p.message)
        if m:
            line = int(m.group(1))
        elif text is None:
            line = 1
        elif p.file.endswith(".json"):
            line = field_line(text, p.field)
        else:
            key = re.search(rf"^{re.escape(p.field.split('.')[0])}\s*:", text, re.M) if p.field else None
            line = text.count("\n", 0, key.start()) + 1 if key else 1
        out.append(dataclasses.replace(p, line=line))
    return out


class Summary(TypedDict):
    errors: int
    warnings: int
    acknowledged: int
    files: int
    by_code: dict[str, int]
    acknowledged_by_code: dict[str, int]


def summary(problems: list[Problem]) -> Summary:
    by_code = Counter(p.code or "schema" for p in problems if p.severity != "acknowledged")
    acked = Counter(p.code for p in problems if p.severity == "acknowledged")
    return {"errors": sum(p.severity == "error" for p in problems),
            "warnings": sum(p.severity == "warning" for p in problems),
            "acknowledged": sum(p.severity == "acknowledged" for p in problems),
            "files": len({p.file for p in problems}),
            "by_code": dict(sorted(by_code.items())), "acknowledged_by_code": dict(sorted(acked.items()))}


def _gh_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def format_report(problems: list[Problem], entries_dir: Path, fmt: str, missing: Sequence[str] = (),
                  checked: str = "") -> str:
    """`checked`: what was checked, in words ("146 entries and 1 article"), for the line a clean run ends with."""
    problems = sorted(with_lines(problems, entries_dir))
    s = summary(problems)
    lines: list[str] = []
    if fmt == "json":
        files: dict[str, list[dict[str, object]]] = {}
        for p in problems:
            files.setdefault(p.file, []).append({"line": p.line, "field": p.field, "code": p.code,
                                                 "severity": p.severity, "message": p.message})
        return json.dumps({"summary": s, "missing": list(missing), "files": files}, ensure_ascii=False, indent=1) + "\n"
    for m in missing:
        lines.append(f"::error title=validate::{_gh_escape(m)}: no such file" if fmt == "github"
                     else f"error: {m}: no such file")
    current = None
    for p in problems:
        if fmt == "github":
            level = {"error": "error", "warning": "warning"}.get(p.severity, "notice")
            title = f"{p.code} {RULES[p.code].name}" if p.code in RULES else (p.code or "schema")
            text = f"{p.field or '(file)'}: {p.message}" + (" (acknowledged)" if p.severity == "acknowledged" else "")
            lines.append(f"::{level} file={_gh_escape(p.file, True)},line={p.line},title={_gh_escape(title, True)}"
                         f"::{_gh_escape(text)}")
            continue
        if p.file != current:
            if current is not None:
                lines.append("")
            lines.append(f"{p.file}")
            current = p.file
        lines.append(f"  {p.severity}: {p}" + ("" if f"(line {p.line}" in p.message else f"  (line {p.line})"))
    codes = " ".join(f"{c}×{n}" for c, n in s["by_code"].items())
    acked = " ".join(f"{c}×{n}" for c, n in s["acknowledged_by_code"].items())
    if not problems:
        lines.append(f"no problems found{' in ' + checked if checked else ''}")
        return "\n".join(lines) + "\n"
    gap = "" if fmt == "github" or not problems else "\n"
    lines.append(f"{gap}{s['errors']} error(s), {s['warnings']} warning(s), "
                 f"{s['acknowledged']} acknowledged, in {s['files']} file(s)" + (f": {codes}" if codes else "")
                 + (f"; acknowledged: {acked}" if acked else ""))
    return "\n".join(lines) + "\n"
