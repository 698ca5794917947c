"""`python -m generator validate` and `new`: what contributors and CI run."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.load.jsonpos import field_line
from generator.paths import ROOT
from tests.lintcases import make_corpus


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def broken_corpus(tmp_path: Path) -> Path:
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {"dead_ends.0.action": "", "first_seen": "2025-03-01"}},
                        "cuda/launch-failure": {"set": {"confidence": 7}}}}
    return make_corpus(spec, tmp_path)


def test_field_line_finds_nested_fields() -> None:
    text = '{\n  "a": 1,\n  "list": [\n    {"x": 1},\n    {\n      "x": 2\n    }\n  ],\n  "b": "}"\n}'
    assert field_line(text, "a") == 2
    assert field_line(text, "list.1.x") == 6
    assert field_line(text, "b") == 9
    assert field_line(text, "") == 1
    assert field_line(text, "missing.field") == 1


@pytest.mark.slow
def test_text_report_groups_by_file_and_exits_1(tmp_path: Path) -> None:
    entries = broken_corpus(tmp_path)
    proc = cli("validate", "--entries", str(entries))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    out = proc.stdout
    assert "error: entries/pytorch/cuda-out-of-memory.json: dead_ends.0.action: E101 is empty" in out
    assert "warning: entries/pytorch/cuda-out-of-memory.json: first_seen: W502" in out
    assert "error: entries/cuda/launch-failure.json: confidence: E015 is greater than the maximum of 1: 7" in out
    headers = [line for line in out.splitlines() if line.startswith("entries/")]
    assert headers == ["entries/cuda/launch-failure.json", "entries/pytorch/cuda-out-of-memory.json"]
    assert out.rstrip().endswith("2 error(s), 1 warning(s), 0 acknowledged, in 2 file(s): E015×1 E101×1 W502×1")


@pytest.mark.slow
def test_github_annotations_point_at_the_field_line(tmp_path: Path) -> None:
    entries = broken_corpus(tmp_path)
    proc = cli("validate", "--entries", str(entries), "--format", "github")
    assert proc.returncode == 1
    text = (entries / "pytorch/cuda-out-of-memory.json").read_text(encoding="utf-8")
    want = text.splitlines().index(next(ln for ln in text.splitlines() if '"first_seen"' in ln)) + 1
    assert (f"::warning file=entries/pytorch/cuda-out-of-memory.json,line={want},"
            f"title=W502 first-seen-after-last-confirmed::first_seen: 2025-03-01 is after" in proc.stdout)
    assert re.search(r"^::error file=entries/cuda/launch-failure.json,line=\d+,title=E015 schema-violation::"
                     r"confidence: is greater than the maximum of 1: 7$", proc.stdout, re.M)


@pytest.mark.slow
def test_json_report_and_path_filter(tmp_path: Path) -> None:
    entries = broken_corpus(tmp_path)
    proc = cli("validate", str(entries / "pytorch"), "--entries", str(entries), "--format", "json")
    data = json.loads(proc.stdout)
    assert list(data["files"]) == ["entries/pytorch/cuda-out-of-memory.json"]
    assert data["summary"]["errors"] == 1 and data["summary"]["by_code"] == {"E101": 1, "W502": 1}
    assert proc.returncode == 1
    clean = cli("validate", str(entries / "cuda/illegal-address.json"), "--entries", str(entries))
    assert clean.returncode == 0, clean.stdout
    missing = cli("validate", str(entries / "cuda/nope.json"), "--entries", str(entries))
    assert missing.returncode == 1 and "no such file" in missing.stdout


@pytest.mark.slow
def test_new_refuses_bad_ids_and_overwriting(tmp_path: Path) -> None:
    entries = make_corpus({}, tmp_path)
    assert cli("new", "pytorch/cuda-out-of-memory", "--entries", str(entries)).returncode == 1
    assert cli("new", "../escape", "--entries", str(entries)).returncode == 1
    assert cli("new", "pytorch/Upper", "--entries", str(entries)).returncode == 1


@pytest.mark.slow
def test_new_entry_fails_validation_until_filled(tmp_path: Path) -> None:
    entries = make_corpus({}, tmp_path)
    proc = cli("new", "cuda/my-new-error", "--entries", str(entries))
    assert proc.returncode == 0, proc.stderr
    data = json.loads((entries / "cuda/my-new-error.json").read_text(encoding="utf-8"))
    schema = json.loads((ROOT / "generator/load/schema/entry.schema.json").read_text(encoding="utf-8"))
    from generator.scaffold import OMITTED
    assert set(data) == set(schema["properties"]) - OMITTED  # every field
    report = json.loads(cli("validate", "--entries", str(entries), "--format", "json").stdout)
    codes = report["summary"]["by_code"]
    assert "E015" not in codes and codes["E006"] >= 10  # every placeholder reported at once
