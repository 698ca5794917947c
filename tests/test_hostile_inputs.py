"""Hostile contributions (issue #14): no hang, no traceback, nothing lost. Each input stops `validate`, the build
(`python -m generator build`, which `mkdocs build` and `mkdocs serve` run through the hook) and the CLI matcher
quickly, with a coded `file: field: CODE message` error, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.paths import ROOT
from tests.lintcases import make_corpus

OOM = "pytorch/cuda-out-of-memory"
LIMIT_S = 60  # the bound, on a busy 2-core machine


def run(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=LIMIT_S, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin:/usr/local/bin"})
    return proc, time.monotonic() - start


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout[-3000:] + proc.stderr[-3000:]


def validate(entries: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    proc, took = run("validate", "--entries", str(entries))
    no_traceback(proc)
    return proc, took


def build(entries: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    proc, took = run("build", "--entries", str(entries), "--docs", str(tmp_path / "docs"))
    no_traceback(proc)
    return proc, took


def match_cli(entries: Path, paste: str) -> tuple[subprocess.CompletedProcess[str], float]:
    proc, took = run("match", "--json", "--entries", str(entries), stdin=paste)
    no_traceback(proc)
    return proc, took


# ---- item 2: a slow regex hangs everything ----

CATASTROPHIC = [
    # exponential in a backtracking engine on the entry's own signature ('a' * 60): the tester's first input
    ("(a|aa)+$", "a" * 60 + "!"),
    # the tester's second input: an alternative with nested quantifiers, run on a long line of words
    (r"unhandled system error|(\w+\s?)+$", "word " * 40 + "!"),
]


@pytest.mark.parametrize("regex, signature", CATASTROPHIC, ids=["alternation", "nested-quantifier"])
def test_catastrophic_regex_stops_validate_build_and_matcher(tmp_path: Path, regex: str, signature: str) -> None:
    spec = {"entries": {OOM: {"set": {"regex": regex, "signature": signature, "samples": [signature * 20],
                                      "near_misses": []}}}}
    entries = make_corpus(spec, tmp_path)
    proc, took = validate(entries)
    assert proc.returncode == 1 and took < LIMIT_S
    assert f"entries/{OOM}.json: regex: E202 " in proc.stdout, proc.stdout
    proc, took = build(entries, tmp_path)
    assert proc.returncode == 1 and took < LIMIT_S and f"entries/{OOM}.json: regex: E202 " in proc.stderr
    assert not (tmp_path / "docs").exists()
    proc, took = match_cli(entries, signature * 2000)  # 120 KB of the attack text
    assert proc.returncode in (0, 1) and took < LIMIT_S


def test_polynomial_regex_is_stopped_in_javascript_and_never_backtracks_in_python(tmp_path: Path) -> None:
    """Passes the syntax rules (star height 1), but a backtracking engine needs n**4 steps on its own sample:
    JavaScript runs it under a timeout and reports the sample; Python (RE2) answers at once, also in the CLI."""
    attack = "CUDA out of memory" + "x" * 1500 + "y" * 1500 + "!"
    regex = "CUDA out of memory[^`]*x[^`]*y[^`]*z$|CUDA out of memory. Tried"
    spec = {"entries": {OOM: {"set": {"regex": regex, "samples": [attack]}}}}
    entries = make_corpus(spec, tmp_path)
    proc, took = validate(entries)
    assert proc.returncode == 1 and took < LIMIT_S
    assert (f"entries/{OOM}.json: regex: E202 took longer than 1000 ms in JavaScript on {OOM} samples[0]"
            in proc.stdout), proc.stdout
    proc, took = match_cli(entries, attack * 300)  # ~1 MB paste: RE2 is linear
    assert took < LIMIT_S


def test_node_subprocess_is_killed_when_it_overruns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator import regex_gate
    from generator.lint import check
    hang = tmp_path / "hang.cjs"
    hang.write_text("setInterval(() => {}, 1000);\n", encoding="utf-8")
    monkeypatch.setattr(regex_gate, "NODE_SCRIPT", hang)
    monkeypatch.setattr(regex_gate, "ROOT", tmp_path)
    monkeypatch.setattr(regex_gate, "NODE_BUDGET_S", 0.5)
    monkeypatch.setattr(regex_gate, "NODE_BUDGET_PER_RECHECK_S", 0.0)
    monkeypatch.setattr(regex_gate, "NODE_KILL_AFTER_S", 1.0)
    monkeypatch.setattr(regex_gate, "_JS_COMPILE", {})
    monkeypatch.setattr(regex_gate, "_JS_PAIRS", {})
    entries = make_corpus({"entries": {OOM: {"set": {"dead_ends.0.action": ""}}}}, tmp_path)
    start = time.monotonic()
    problems = check(entries).problems
    assert time.monotonic() - start < 30
    codes = [(p.code, p.file) for p in problems]
    assert ("E902", "hang.cjs") in codes and ("E101", f"entries/{OOM}.json") in codes  # the rest still comes out
    [stopped] = [p for p in problems if p.code == "E902"]
    assert "did not finish within 2 s" in stopped.message


def test_deeply_nested_regex_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    regex = "(" * 700 + "CUDA out of memory" + ")" * 700
    entries = make_corpus({"entries": {OOM: {"set": {"regex": regex}}}}, tmp_path)
    proc, _ = validate(entries)
    assert proc.returncode == 1
    assert f"entries/{OOM}.json: regex: E201 does not compile here: groups nested 700 deep" in proc.stdout


def test_python_matching_uses_re2_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matcher, the gate and the fact check never hand an entry regex to Python's backtracking `re`."""
    import re

    from generator import facts, match, regex_gate
    for module in (match, facts, regex_gate):
        assert "re.compile(e" not in Path(module.__file__).read_text(encoding="utf-8")
    real = re.compile
    seen: list[str] = []
    monkeypatch.setattr(re, "compile", lambda p, *a, **k: (seen.append(p), real(p, *a, **k))[1])
    raw = match.build_index([])
    raw["entries"] = [{"id": "x/y", "re": "(a|aa)+$"}]  # no literal: it runs on every paste
    index = match.Index.load(raw)
    assert index.regex(0) is not None
    assert match.match(index, "a" * 4000 + "!").results == []  # a line is cut at 4,096
    assert "(a|aa)+$" not in seen
