"""Property-based fuzzing of validation and the in-process build with mutated entries (hypothesis).

Validation never raises; a build either succeeds and writes every page, or stops with BuildError (clean
`file: field: message` problems) and leaves docs/ exactly as it was. MkDocs is not fuzzed: it only ever sees
what the generator wrote."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings, strategies as st

from generator.lint import check
from generator.paths import REFERENCE_FILE
from generator.problems import BuildError, Problem
from generator.report import format_report
from generator.site import build
from tests.lintcases import BASE

# >= 1,000 examples per run in total (VALIDATE + BUILD); FUZZ_SCALE=10 for a longer local run.
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))
VALIDATE_EXAMPLES = int(750 * SCALE)
BUILD_EXAMPLES = int(300 * SCALE)
TARGET = "pytorch/cuda-out-of-memory"
VALID: dict[str, Any] = json.loads((BASE / f"{TARGET}.json").read_text(encoding="utf-8"))
ODD = ["\u202e", "\u200b", "\u200d", "\ufeff", "\u2028", "\u0301", "\U0001F600", "\x7f", "\ud800", "\udfff",
       "\U000E0001", "\u061c", "\\", "\"", "`", "<", "{{", "%}", "\x00"]


def _paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [where] if where else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, where + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, where + (i,))
    return out


PATHS = _paths(VALID)


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


STRING_PATHS = [p for p in PATHS if isinstance(get(VALID, p), str)]
wrong_values = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """One entry file: the valid entry after 1-3 structural mutations, then maybe a byte-level one."""
    data = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "type", "huge", "odd", "nest", "extra"]))
        if kind in ("drop", "type", "nest", "extra"):
            path = draw(st.sampled_from(PATHS))
        else:
            path = draw(st.sampled_from(STRING_PATHS))
        try:
            parent = get(data, path[:-1])
            key = path[-1]
            parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced it
        if not isinstance(parent, (dict, list)):
            continue
        if kind == "drop":
            del parent[key]
        elif kind == "type":
            parent[key] = draw(wrong_values)
        elif kind == "huge":
            parent[key] = draw(st.sampled_from(["x", "é", "中", "`", "<b>", " "])) * draw(
                st.sampled_from([501, 2_001, 20_001, 400_000, 1_100_000]))
        elif kind == "odd":
            text = parent[key] if isinstance(parent[key], str) else ""
            at = draw(st.integers(0, len(text)))
            parent[key] = text[:at] + "".join(draw(st.lists(st.sampled_from(ODD), min_size=1, max_size=4))) + text[at:]
        elif kind == "nest":
            depth = draw(st.sampled_from([3, 70, 900, 5_000]))
            value: Any = "deep"
            for _ in range(depth):
                value = [value]
            parent[key] = value
        elif kind == "extra":
            if isinstance(parent, dict):
                parent[draw(st.text(min_size=1, max_size=8))] = draw(wrong_values)
    try:
        text = json.dumps(data, ensure_ascii=draw(st.booleans()), indent=2, allow_nan=True)
        raw = text.encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        raw = b"[" * 100_000
    byte_kind = draw(st.sampled_from(["none", "none", "invalid-utf8", "duplicate-key", "truncate", "bom"]))
    if byte_kind == "invalid-utf8":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe9", b"\x80"])) + raw[at:]
    elif byte_kind == "duplicate-key":
        key = draw(st.sampled_from(list(VALID)))
        raw = raw.replace(b"{", b'{"' + key.encode() + b'": 1, ', 1)
    elif byte_kind == "truncate":
        raw = raw[: draw(st.integers(0, max(0, len(raw) - 1)))]
    elif byte_kind == "bom":
        raw = b"\xef\xbb\xbf" + raw
    return raw


def _clean(problems: list[Problem]) -> None:
    for p in problems:
        line = str(p)
        assert "Traceback" not in line and len(line) < 3000, line[:500]
        assert p.severity in ("error", "warning", "acknowledged") and p.file


def _corpus(tmp: Path) -> Path:
    entries = tmp / "entries"
    if not entries.exists():
        shutil.copytree(BASE, entries)
    return entries


VALIDATE_DIR = Path(tempfile.mkdtemp(prefix="fuzz-validate-"))
BUILD_DIR = Path(tempfile.mkdtemp(prefix="fuzz-build-"))
COMMON = dict(deadline=None, database=None, derandomize=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])


@settings(max_examples=VALIDATE_EXAMPLES, **COMMON)
@given(raw=mutated())
def test_validation_never_raises(raw: bytes) -> None:
    entries = _corpus(VALIDATE_DIR)
    (entries / f"{TARGET}.json").write_bytes(raw)
    report = check(entries, REFERENCE_FILE)
    _clean(report.problems)
    event("entry loads" if any(e.id == TARGET for e in report.corpus.entries) else "entry rejected")
    for fmt in ("text", "github", "json"):
        format_report(report.problems, entries, fmt)


def _snapshot(docs: Path) -> dict[str, bytes]:
    return {p.relative_to(docs).as_posix(): p.read_bytes() for p in sorted(docs.rglob("*")) if p.is_file()}


@settings(max_examples=BUILD_EXAMPLES, **COMMON)
@given(raw=mutated())
def test_build_succeeds_or_stops_cleanly_leaving_docs_intact(raw: bytes) -> None:
    entries = _corpus(BUILD_DIR)
    docs = BUILD_DIR / "docs"
    target = entries / f"{TARGET}.json"
    target.write_bytes((BASE / f"{TARGET}.json").read_bytes())
    build(entries, docs, "https://example.com/repo", REFERENCE_FILE)  # a complete site to protect
    before = _snapshot(docs)
    target.write_bytes(raw)
    try:
        result = build(entries, docs, "https://example.com/repo", REFERENCE_FILE)
    except BuildError as exc:
        assert exc.problems and any(p.severity == "error" for p in exc.problems)
        _clean(exc.problems)
        assert _snapshot(docs) == before  # nothing half-written
        return
    after = _snapshot(docs)
    assert {k: after[k] for k in result.files} == result.files  # every page written in full
    assert set(after) == set(result.files) | {k for k in before if k not in result.files and not k.startswith(
        ("cuda/", "pytorch/", "articles/", "browse/", "api/", "rules/", "assets/generated/"))}
