"""Property-based fuzzing of validation and the in-process build with mutated entries and articles (hypothesis).

Validation never raises, and every problem it reports has a rule code; a build either succeeds and writes every
page, or stops with BuildError (clean `file: field: CODE message` problems) and leaves docs/ exactly as it was.
MkDocs is not fuzzed: it only ever sees what the generator wrote.

FUZZ_EXAMPLES sets the total number of examples over the four tests (default 400, a few seconds per hundred:
`make test` stays quick); `FUZZ_EXAMPLES=10000 .venv/bin/python -m pytest tests/test_fuzz.py` is the long local
run. The JavaScript half of the regex gate answers from its in-process cache unless a regex or a text changed,
and asks one long-lived Node worker otherwise, so the tests time the code, not Node start-up
(regex_gate.NODE_RUNS counts the workers started)."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.build.site import MANIFEST, build
from generator.lint.checks import Report, check
from generator.lint.report import format_report
from generator.paths import REFERENCE_FILE
from generator.problems import BuildError, Problem
from generator.regex_dialect import regex_gate
from tests.lintcases import BASE

TOTAL = int(os.environ.get("FUZZ_EXAMPLES", "400"))
# Shares of the total: entries are validated most; a build costs two (a clean one to protect, then the fuzzed one).
VALIDATE_EXAMPLES = max(1, TOTAL * 45 // 100)
BUILD_EXAMPLES = max(1, TOTAL * 15 // 100)
ARTICLE_EXAMPLES = max(1, TOTAL * 30 // 100)
ARTICLE_BUILD_EXAMPLES = max(1, TOTAL - VALIDATE_EXAMPLES - BUILD_EXAMPLES - ARTICLE_EXAMPLES)
TARGET = "pytorch/cuda-out-of-memory"
VALID: dict[str, Any] = json.loads((BASE / f"{TARGET}.json").read_text(encoding="utf-8"))
ODD = ["\u202e", "\u200b", "\u200d", "\ufeff", "\u2028", "\u0301", "\U0001F600", "\x7f", "\ud800", "\udfff",
       "\U000E0001", "\u061c", "\\", "\"", "`", "<", "{{", "%}", "\x00"]


def _paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [where] if where else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*where, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*where, i))
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
        elif kind == "extra" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(wrong_values)
    try:
        text = json.dumps(data, ensure_ascii=draw(st.booleans()), indent=2, allow_nan=True)
        raw = text.encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        raw = b"[" * 100_000
    byte_kind = draw(st.sampled_from(["none", "none", "invalid-utf8", "duplicate-key", "truncate", "bom", "nan",
                                      "trailing-comma", "comment", "single-quotes", "nul"]))
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
    elif byte_kind == "nan":
        raw = raw.replace(b": 0.", b": " + draw(st.sampled_from([b"NaN", b"Infinity", b"-Infinity", b"1e999",
                                                                   b"1" * 5000])) + b", \"x\": 0.", 1)
    elif byte_kind == "trailing-comma":
        raw = raw.replace(b"\n  ]", b",\n  ]", 1)
    elif byte_kind == "comment":
        raw = raw.replace(b"{", b"{ // a comment\n", 1)
    elif byte_kind == "single-quotes":
        raw = raw.replace(b'"id"', b"'id'", 1)
    elif byte_kind == "nul":
        raw = raw.replace(b'"', b'"\x00', 1)
    return raw


FUZZ_RUNS = {"examples": 0, "node": 0}  # Node processes started inside the fuzz tests (other tests share the process)


def _counted(fn: Any, *args: Any) -> Any:
    before = regex_gate.NODE_RUNS
    try:
        return fn(*args)
    finally:
        FUZZ_RUNS["node"] += regex_gate.NODE_RUNS - before


def _clean(problems: list[Problem]) -> None:
    for p in problems:
        line = str(p)
        assert "Traceback" not in line and len(line) < 3000, line[:500]
        assert p.severity in ("error", "warning", "acknowledged") and p.file
        assert p.code and p.code != "E000", line[:500]  # every problem has a rule code, and none is a bug


def _corpus(tmp: Path) -> Path:
    entries = tmp / "entries"
    if not entries.exists():
        shutil.copytree(BASE, entries)
    return entries


VALIDATE_DIR = Path(tempfile.mkdtemp(prefix="fuzz-validate-"))
BUILD_DIR = Path(tempfile.mkdtemp(prefix="fuzz-build-"))
COMMON: dict[str, Any] = {
    "deadline": None, "database": None, "derandomize": False,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]}


def _validated(entries: Path) -> Report:
    """Validation of the fuzzed corpus: clean problems only, and every report format writes them."""
    report: Report = _counted(check, entries, REFERENCE_FILE)
    FUZZ_RUNS["examples"] += 1
    _clean(report.problems)
    for fmt in ("text", "github", "json"):
        format_report(report.problems, entries, fmt)
    return report


@settings(max_examples=VALIDATE_EXAMPLES, **COMMON)
@given(raw=mutated())
def test_validation_never_raises(raw: bytes) -> None:
    entries = _corpus(VALIDATE_DIR)
    (entries / f"{TARGET}.json").write_bytes(raw)
    report = _validated(entries)
    event("entry loads" if any(e.id == TARGET for e in report.corpus.entries) else "entry rejected")


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
        result = _counted(build, entries, docs, "https://example.com/repo", REFERENCE_FILE)
    except BuildError as exc:
        assert exc.problems and any(p.severity == "error" for p in exc.problems)
        _clean(exc.problems)
        assert _snapshot(docs) == before  # nothing half-written
        return
    after = _snapshot(docs)
    assert {k: after[k] for k in result.files} == result.files  # every page written in full
    assert set(after) - {MANIFEST} == set(result.files)  # and nothing stale left behind


# ---- articles: front matter (YAML) and body ----

ARTICLE = "reading-cuda-errors"
YAML_VALUES = [
    '"Reading CUDA errors"', "Reading CUDA errors", '""', "null", "~", "123", "0x1F", "1e999", ".nan", "-.inf", "true",
    "[1, 2]", "{a: 1}", "2025-02-30", "2025-06-01", "2025-06-01 10:00:00", '"2025-06-01"', "!!binary aGk=",
    "!!python/object:os.system x", "!!set {a, b}", "&a x", "*a", '"\\ud800"', '"\\x00"', "'unterminated",
    '"unterminated', "[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000, "x" * 400, "1" * 5000, '["cuda/illegal-address"]',
    '["cuda/does-not-exist"]', '["../../etc/passwd"]', "|\n  a block\n  scalar", ">\n  folded", "- a\n- b",
]
EXTRA_LINES = ["1: one", "null: x", "true: 1", "? [a, b]\n: c", "<<: *a", "<<: {title: T}", "title: again",
               "tags: [a, a]", "x" * 200 + ": 1", "entries: &e [\"cuda/illegal-address\"]\nalso: *e", "- a list item",
               "  indented: wrongly", "\t", "%YAML 1.1", "--- # a document marker", "...", "# a comment"]
BODY = st.one_of(st.text(max_size=200), st.sampled_from([
    "# Heading\n\n`code` and **bold**\n", "<script>alert(1)</script>", "[x](javascript:alert(1))",
    "```mermaid\ngraph LR\n  A --> B\n```\n", "{{ 7*7 }} {% raw %}", "It\u00e2\u20ac\u2122s mojibake",
    "\u202e\u200b" * 5, "---\ntitle: a second front matter\n---\n", "x" * 100_000]))


@st.composite
def front_matter(draw: st.DrawFn, zh: bool) -> str:
    fields = {"title": '"读懂 CUDA 错误"' if zh else '"Reading CUDA errors"', "date": '"2025-06-01"', "id": ARTICLE,
              "entries": '["cuda/illegal-address"]'}
    if zh and draw(st.booleans()):
        fields = {"title": fields["title"]}
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*sorted(fields), "tags"]))
        kind = draw(st.sampled_from(["drop", "value", "odd"]))
        if kind == "drop":
            fields.pop(key, None)
        elif kind == "value":
            fields[key] = draw(st.sampled_from(YAML_VALUES))
        else:
            text = fields.get(key, '""')
            at = draw(st.integers(0, len(text)))
            fields[key] = text[:at] + "".join(draw(st.lists(st.sampled_from(ODD), min_size=1, max_size=3))) + text[at:]
    lines = [f"{k}: {v}" for k, v in fields.items()]
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(EXTRA_LINES)))
    return "\n".join(lines)


@st.composite
def article_files(draw: st.DrawFn) -> tuple[bytes, bytes | None]:
    """The English article and, maybe, its translation: front matter mutated, bodies hostile, bytes damaged."""
    def one(zh: bool) -> bytes:
        head = draw(front_matter(zh))
        opening, closing = draw(st.sampled_from([("---\n", "\n---\n"), ("---\r\n", "\r\n---\r\n"),
                                                 ("---\n", "\n"), ("", "\n---\n"), ("--- \n", "\n--- \n")]))
        text = opening + head + closing + draw(BODY)
        raw = text.encode("utf-8", "surrogatepass")
        damage = draw(st.sampled_from(["none", "none", "none", "invalid-utf8", "bom", "truncate", "nul"]))
        if damage == "invalid-utf8":
            at = draw(st.integers(0, len(raw)))
            raw = raw[:at] + b"\xff" + raw[at:]
        elif damage == "bom":
            raw = b"\xef\xbb\xbf" + raw
        elif damage == "truncate":
            raw = raw[: draw(st.integers(0, len(raw)))]
        elif damage == "nul":
            raw += b"\x00"
        return raw
    return one(False), (one(True) if draw(st.booleans()) else None)


def _write_article(entries: Path, files: tuple[bytes, bytes | None]) -> None:
    en, zh = files
    (entries / "articles" / f"{ARTICLE}.md").write_bytes(en)
    zh_path = entries / "articles" / f"{ARTICLE}.zh.md"
    if zh is None:
        zh_path.unlink(missing_ok=True)
    else:
        zh_path.write_bytes(zh)


ARTICLE_DIR = Path(tempfile.mkdtemp(prefix="fuzz-articles-"))
ARTICLE_BUILD_DIR = Path(tempfile.mkdtemp(prefix="fuzz-article-build-"))


@settings(max_examples=ARTICLE_EXAMPLES, **COMMON)
@given(files=article_files())
def test_article_validation_never_raises(files: tuple[bytes, bytes | None]) -> None:
    entries = _corpus(ARTICLE_DIR)
    _write_article(entries, files)
    report = _validated(entries)
    event("article loads" if any(a.id == ARTICLE for a in report.corpus.articles) else "article rejected")


@settings(max_examples=ARTICLE_BUILD_EXAMPLES, **COMMON)
@given(files=article_files())
def test_article_build_succeeds_or_stops_cleanly(files: tuple[bytes, bytes | None]) -> None:
    entries = _corpus(ARTICLE_BUILD_DIR)
    docs = ARTICLE_BUILD_DIR / "docs"
    _write_article(entries, ((BASE / "articles" / f"{ARTICLE}.md").read_bytes(), None))
    build(entries, docs, "https://example.com/repo", REFERENCE_FILE)
    before = _snapshot(docs)
    _write_article(entries, files)
    try:
        result = _counted(build, entries, docs, "https://example.com/repo", REFERENCE_FILE)
    except BuildError as exc:
        _clean(exc.problems)
        assert _snapshot(docs) == before
        return
    after = _snapshot(docs)
    assert {k: after[k] for k in result.files} == result.files


def test_the_regex_gate_starts_few_node_processes() -> None:
    """Fuzzed entries mostly change other fields than the regex and its texts: the gate's cache answers, and what
    it does not know goes to the one Node worker of this process (before either, every example started Node).
    Counted over the fuzz tests that ran in this process before this one: at most the first start and one
    restart (a worker is replaced only after it was killed or failed)."""
    assert FUZZ_RUNS["node"] <= 2, FUZZ_RUNS
