"""Hostile contributions (issue #14): no hang, no traceback, nothing lost. Each input stops `validate`, the build
(`python -m generator build`, which `mkdocs build` and `mkdocs serve` run through the hook) and the CLI matcher
quickly, with a coded `file: field: CODE message` error, never a traceback."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import site
from generator.lint.checks import check
from generator.paths import ROOT
from generator.problems import BuildError, Problem
from tests.lintcases import make_corpus

OOM = "pytorch/cuda-out-of-memory"
LIMIT_S = 60  # the bound, on a busy 2-core machine


def run(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=LIMIT_S,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin:/usr/local/bin"})
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


@pytest.mark.slow
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


@pytest.mark.slow
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
    from generator.lint.checks import check
    from generator.regex_dialect import regex_gate
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


@pytest.mark.slow
def test_deeply_nested_regex_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    regex = "(" * 700 + "CUDA out of memory" + ")" * 700
    entries = make_corpus({"entries": {OOM: {"set": {"regex": regex}}}}, tmp_path)
    proc, _ = validate(entries)
    assert proc.returncode == 1
    assert f"entries/{OOM}.json: regex: E201 does not compile here: groups nested 700 deep" in proc.stdout


def test_python_matching_uses_re2_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matcher, the gate and the fact check never hand an entry regex to Python's backtracking `re`."""
    import re

    from generator.lint import facts
    from generator.match import engine as match
    from generator.regex_dialect import regex_gate
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


# ---- helpers for items 3-14: what validate reports, and what the build stops with ----

def validate_and_build(entries: Path, tmp_path: Path) -> tuple[list[Problem], list[Problem]]:
    """(problems `validate` reports, errors the in-process build stops with); the build must stop and leave no
    docs/ behind whenever validate finds an error: what passes validate builds, what fails it does not."""
    report = check(entries)
    docs = tmp_path / "docs"
    try:
        site.build(entries, docs, "https://example.invalid/repo")
    except BuildError as exc:
        assert not docs.exists()
        assert sorted(exc.problems) == sorted(report.errors)
        return report.problems, exc.problems
    assert report.errors == []
    return report.problems, []


def codes(problems: list[Problem]) -> list[tuple[str, str, str]]:
    return sorted((p.file, p.field, p.code) for p in problems)


def article(name: str, front: str, body: str = "Body.\n") -> dict:
    return {"write": {f"articles/{name}": f"---\n{front}---\n{body}"}}


ALIAS_BOMB = ("title: Bomb\ndate: \"2025-06-01\"\nid: bomb\nentries: &a [\"cuda/illegal-address\"]\n"
              + "".join(f"l{i}: &l{i} [{', '.join(['*a' if i == 0 else f'*l{i - 1}'] * 9)}]\n" for i in range(9)))


# ---- item 3: a 493-byte article hangs validate ----

@pytest.mark.slow
def test_yaml_alias_bomb_stops_validate_build_and_matcher(tmp_path: Path) -> None:
    entries = make_corpus(article("bomb.md", ALIAS_BOMB), tmp_path)
    assert len((entries / "articles/bomb.md").read_bytes()) < 700
    proc, took = validate(entries)
    assert proc.returncode == 1 and took < LIMIT_S
    assert ("entries/articles/bomb.md: front matter: E017 anchors (&name) and aliases (*name) are not allowed in "
            "front matter (line 5)") in proc.stdout
    proc, took = build(entries, tmp_path)
    assert proc.returncode == 1 and took < LIMIT_S and "E017" in proc.stderr
    proc, took = match_cli(entries, "CUDA error: an illegal memory access was encountered")
    assert proc.returncode == 0 and took < LIMIT_S  # articles do not stop the matcher, nor hang it


# ---- item 4: what passes validate must build ----

@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_number_is_e014_in_validate_and_build(tmp_path: Path, value: str) -> None:
    spec = {"replace": {OOM: [['"evidence_count": 0', f'"evidence_count": {value}']]}}
    problems, stopped = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert codes(problems) == codes(stopped) == [(f"entries/{OOM}.json", "evidence_count", "E014")]


def test_lone_surrogate_in_zh_article_title_is_e013_in_validate_and_build(tmp_path: Path) -> None:
    spec = {"write": {"articles/reading-cuda-errors.zh.md": '---\ntitle: "读懂 \\ud800 CUDA 错误"\n---\n正文。\n'}}
    problems, stopped = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert codes(problems) == codes(stopped) == [("entries/articles/reading-cuda-errors.zh.md", "title", "E013")]


# ---- item 5: tracebacks inside validate (articles); zh front matter is checked like en ----

@pytest.mark.parametrize("name", ["fresh.md", "reading-cuda-errors.zh.md"])
@pytest.mark.parametrize("front, where, code, words", [
    ('title: T\ndate: "2025-06-01"\nid: fresh\n1: one\n', "front matter", "E016", "the key 1 is not text"),
    ('title: T\ndate: "2025-06-01"\nid: fresh\ntags: ' + "[" * 3000 + "]" * 3000 + "\n", "front matter", "E017",
     "nested more than 8 levels deep"),
    ("title: T\ndate: 2025-02-30\nid: fresh\n", "date", "E015", "is not a real date (YYYY-MM-DD, a day that exists)"),
    ('title: T\ndate: "2025-06-01"\nid: fresh\nentries: [a, b\n', "front matter", "E016",
     "invalid YAML: expected ',' or ']', but got '<stream end>' (line 5, column 15); while parsing a flow sequence"),
    ('title: !!binary aGk=\ndate: "2025-06-01"\nid: fresh\n', "front matter", "E017", "YAML tags such as"),
    (ALIAS_BOMB, "front matter", "E017", "anchors (&name) and aliases (*name) are not allowed"),
], ids=["int-key", "3000-deep", "impossible-date", "yaml-error", "tag", "alias"])
def test_bad_front_matter_is_a_coded_error(tmp_path: Path, name: str, front: str, where: str, code: str,
                                           words: str) -> None:
    if name.endswith(".zh.md"):
        front = front.replace("id: fresh", "id: reading-cuda-errors").replace("id: bomb", "id: reading-cuda-errors")
    else:
        front = front.replace("id: bomb", "id: fresh")
    problems, stopped = validate_and_build(make_corpus(article(name, front), tmp_path), tmp_path)
    [p] = problems
    assert (p.file, p.field, p.code) == (f"entries/articles/{name}", where, code) and words in p.message, str(p)
    assert codes(stopped) == codes(problems)


def test_zh_front_matter_needs_a_title_and_the_same_id(tmp_path: Path) -> None:
    spec = {"write": {"articles/reading-cuda-errors.zh.md": "---\ntitle: 读懂 CUDA 错误\nid: other\n---\n正文。\n"}}
    problems, _ = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert codes(problems) == [("entries/articles/reading-cuda-errors.zh.md", "id", "E001")]
    spec = {"write": {"articles/reading-cuda-errors.zh.md": "---\ndate: \"2025-06-01\"\n---\n正文。\n"}}
    problems, _ = validate_and_build(make_corpus(spec, tmp_path / "2"), tmp_path / "2")
    assert codes(problems) == [("entries/articles/reading-cuda-errors.zh.md", "title", "E015")]


# ---- item 6: symbolic links out of entries/ are followed ----

SECRET = '{"aws_secret_access_key": "hunter2", "id": "cuda/leaked"}'


@pytest.mark.slow
@pytest.mark.parametrize("link, target", [
    ("cuda/leaked.json", "../../secret.json"),  # a link to JSON elsewhere
    ("cuda/leaked.json", "/etc/hostname"),  # any other file
    ("leaked", ".."),  # a folder: entries/leaked/ -> the folder holding entries/ and the secret
    ("cuda/loop.json", "loop.json"),  # a loop
    ("articles/linked.md", "../../secret.json"),
])
def test_symbolic_links_are_e007_and_never_read(tmp_path: Path, link: str, target: str) -> None:
    spec = {"write_outside": {"secret.json": SECRET}, "symlink": {link: target}}
    entries = make_corpus(spec, tmp_path)
    problems, stopped = validate_and_build(entries, tmp_path)
    assert codes(problems) == codes(stopped) == [(f"entries/{link}", "", "E007")]
    proc, _ = validate(entries)
    assert "hunter2" not in proc.stdout and "aws_secret" not in proc.stdout
    assert "is a symbolic link" in proc.stdout


@pytest.mark.slow
def test_a_pipe_in_entries_is_e007_and_does_not_block(tmp_path: Path) -> None:
    entries = make_corpus({}, tmp_path)
    os.mkfifo(entries / "cuda" / "pipe.json")
    proc, took = validate(entries)
    assert proc.returncode == 1 and took < LIMIT_S
    assert "entries/cuda/pipe.json: (file): E007 is not a regular file" in proc.stdout


# ---- item 7: E005 can be acknowledged; docs/hacked/ is never cleaned ----

def test_structural_errors_cannot_be_acknowledged(tmp_path: Path) -> None:
    spec = {"entries": {OOM: {"set": {"domain": "cupy", "acknowledged": [
        {"rule": "E005", "reason": "Trying to publish the page somewhere else.",
         "reason_zh": "想把页面发布到别处。"}]}}}}
    problems, stopped = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert [(p.field, p.code, p.severity) for p in problems] == [
        ("acknowledged.0", "W002", "warning"), ("domain", "E005", "error")]
    assert codes(stopped) == [(f"entries/{OOM}.json", "domain", "E005")]
    from generator.lint.rules import NOT_ACKNOWLEDGEABLE, RULES
    assert {c for c in RULES if c.startswith("E0")} | {"E902"} == NOT_ACKNOWLEDGEABLE


def test_entry_outside_a_domain_folder_is_e008_and_never_built(tmp_path: Path) -> None:
    spec = {"copy": {"from": OOM, "to": "hacked/entry", "set": {"id": "hacked/entry", "domain": "cuda",
                                                               "acknowledged": [{"rule": "E005", "reason": "x" * 20}]}}}
    entries = make_corpus(spec, tmp_path)
    problems, stopped = validate_and_build(entries, tmp_path)
    assert codes(problems) == codes(stopped) == [("entries/hacked/entry.json", "", "E008")]
    assert not (tmp_path / "docs" / "hacked").exists()


def test_every_generated_folder_is_removed_by_the_next_build_and_by_clean(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the generator wrote is tracked in the manifest: when it stops being produced (here: a domain
    dropped from the schema), the next build removes it, and so does `make clean`."""
    entries = make_corpus({}, tmp_path)
    docs = tmp_path / "docs"
    (docs / "assets").mkdir(parents=True)
    (docs / "index.md").write_text("hand-written\n", encoding="utf-8")
    site.build(entries, docs, "https://example.invalid/repo")
    assert (docs / "pytorch" / "cuda-out-of-memory.md").exists()
    manifest = json.loads((docs / site.MANIFEST).read_text(encoding="utf-8"))
    assert "pytorch/cuda-out-of-memory.md" in manifest
    assert all(rel.split("/")[0] in {d.split("/")[0] for d in site.OWNED_DIRS} for rel in manifest)
    shutil.rmtree(entries / "pytorch")
    monkeypatch.setattr(site, "OWNED_DIRS", tuple(d for d in site.OWNED_DIRS if d != "pytorch"))
    site.build(entries, docs, "https://example.invalid/repo")
    assert not (docs / "pytorch").exists()
    site.clean(docs)
    assert sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*")) == ["assets", "index.md"]


def test_nothing_is_written_outside_the_owned_folders(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outside the owned folders"):
        site.write_files(tmp_path, {"hacked/index.md": b"x"})
    assert not (tmp_path / "hacked").exists()


# ---- item 11: error messages ----

def test_four_problems_in_one_file_are_all_reported_with_codes(tmp_path: Path) -> None:
    """A schema error, a lint error, a bad regex and an untranslated field: one run reports all four."""
    spec = {"entries": {OOM: {"set": {"confidence": 7, "dead_ends.0.action": "",
                                      "regex": r"CUDA out of memory\. Tried to allocate (?:[0-9]+\.?)+ GiB",
                                      "root_cause_zh": "Not translated yet."}}}}
    problems, stopped = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert codes(problems) == [(f"entries/{OOM}.json", f, c) for f, c in [
        ("confidence", "E015"), ("dead_ends.0.action", "E101"), ("regex", "E202"), ("root_cause_zh", "W601")]]
    assert all(p.code for p in problems)
    assert codes(stopped) == [c for c in codes(problems) if c[2] != "W601"]


def test_a_long_value_keeps_the_reason_first(tmp_path: Path) -> None:
    spec = {"entries": {OOM: {"set": {"subcategory": "x" * 400, "tags": ["Bad Tag " * 40]}}}}
    problems, _ = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    by_field: dict[str, list[str]] = {}
    for p in problems:
        by_field.setdefault(p.field, []).append(p.message)
    [sub] = by_field["subcategory"]
    assert sub.startswith("is too long: 400 characters, at most 100: 'xxx")
    assert sub.endswith("… (400 characters)") and len(sub) < 200
    assert sorted(m[:45] for m in by_field["tags.0"]) == [
        "does not have the required form (pattern ^[a-", "is too long: 320 characters, at most 50: 'Bad"]
    assert all(p.code == "E015" for p in problems)


def test_translated_workaround_errors_say_what_is_wrong(tmp_path: Path) -> None:
    spec = {"entries": {OOM: {"set": {"workarounds_zh.0": {"action": "减小 batch", "how": 5},
                                      "workarounds_zh.1": {"actoin": "停止保留计算图"},
                                      "workarounds_zh.2": 7}}}}
    problems, _ = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    got = {(p.field, p.message) for p in problems}
    assert ("workarounds_zh.0.how", "must be a string, not a number: 5") in got
    assert ("workarounds_zh.1.action", "is missing: this field is required") in got
    assert ("workarounds_zh.1.actoin", "is not a field here; did you mean 'action'?") in got
    assert ("workarounds_zh.2", "must be a string or an object with 'action', not a number: 7") in got


@pytest.mark.slow
def test_duplicate_key_inside_dead_ends_is_on_its_field_and_line(tmp_path: Path) -> None:
    twice = '"why_fails": "Earlier text.",\n      "why_fails": "It only helps'
    spec = {"replace": {OOM: [['"why_fails": "It only helps', twice]]}}
    entries = make_corpus(spec, tmp_path)
    text = (entries / f"{OOM}.json").read_text(encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith('      "why_fails": "It only helps'))
    proc, _ = validate(entries)
    assert (f"entries/{OOM}.json: dead_ends.1.why_fails: E012 duplicate key 'why_fails': each key may appear once "
            f"in an object (the second one would silently win)  (line {line})") in proc.stdout


def test_json_syntax_errors_say_what_is_wrong() -> None:
    from generator.load.corpus import parse_entry_json
    cases = {
        '{"tags": ["a",\n]}': ("tags", "trailing comma before ']': JSON allows no comma after the last item (line 1, "
                                       "column 14)"),
        "{'id': 1}": ("", "strings and keys need double quotes (\"), not single quotes (line 1, column 2)"),
        '{"a": True}': ("a", "'True' is not a JSON value (use true, false, null, a number or a \"string\")"),
        '{"a": 1 "b": 2}': ("a", "a comma or a closing bracket is missing before '\"' (line 1, column 9)"),
        "": ("", "the file is empty"),
    }
    for text, (where, words) in cases.items():
        [p] = parse_entry_json(text, "x.json")[1]
        assert (p.field, p.code) == (where, "E011") and words in p.message, (text, str(p))


def test_field_paths_stay_short_whatever_the_nesting_or_key_length(tmp_path: Path) -> None:
    """Found by fuzzing: a truncated file of 1,400 nested lists put a 2,800-character field on the report line."""
    from generator.load.corpus import parse_entry_json
    [p] = parse_entry_json("[" * 900 + "0", "x.json")[1]  # ends too early, 900 lists deep
    assert p.code == "E011" and len(p.field) < 40 and p.field.endswith(".…")
    spec = {"entries": {OOM: {"set": {"k" * 10_000: 1}}}}
    [p] = [p for p in check(make_corpus(spec, tmp_path)).problems if p.code == "E015"]
    assert p.field == "k" * 60 + "…" and len(str(p)) < 1000


def test_yaml_errors_keep_every_part_of_the_message(tmp_path: Path) -> None:
    spec = article("fresh.md", 'title: "T\ndate: "2025-06-01"\nid: fresh\n')
    [p], _ = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert (p.code, p.message) == (  # problem and context, both lines
        "E016", "invalid YAML: expected <block end>, but found '<scalar>' (line 3, column 8); "
                "while parsing a block mapping (line 2)")


@pytest.mark.slow
def test_clean_run_says_what_was_checked(tmp_path: Path) -> None:
    proc, _ = validate(make_corpus({}, tmp_path))
    assert proc.returncode == 0 and proc.stdout == "no problems found in 3 entries and 1 article\n"


@pytest.mark.slow
def test_new_refuses_a_domain_the_schema_rejects_and_prints_a_hint_that_works(tmp_path: Path) -> None:
    entries = make_corpus({}, tmp_path)
    proc, _ = run("new", "opencl/some-error", "--entries", str(entries))
    assert proc.returncode == 1 and not (entries / "opencl").exists()
    assert "E008 'opencl' is not a domain" in proc.stderr
    proc, _ = run("new", "cuda/some-error", "--entries", str(entries))
    assert proc.returncode == 0, proc.stderr
    hint = proc.stdout.splitlines()[-1].split("then run: ", 1)[1]
    assert hint.startswith(".venv/bin/python -m generator validate --entries ")
    # The printed command, run as typed through a shell: no virtualenv, no PYTHONPATH.
    followed = subprocess.run(hint, shell=True, cwd=ROOT, capture_output=True, text=True,  # noqa: S602
                              timeout=LIMIT_S, env={"PATH": "/usr/bin:/bin"})
    assert followed.returncode == 1 and "E006" in followed.stdout, followed.stdout + followed.stderr


# ---- item 14: invisible characters; a translation without its article ----

@pytest.mark.parametrize("field, value, fires", [
    ("signature", "torch.OutOfMemoryError: CUDA out of\u200b memory. Tried to allocate 4.00 GiB.", True),
    ("signature", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB.\u202e", True),
    ("aliases.0", "torch.cuda.OutOf\u2060MemoryError", True),
    ("root_cause", "PyTorch's allocator \u2066could not\u2069 allocate.", True),  # bidi: anywhere
    ("root_cause", "PyTorch's allocator could not\u200b allocate.", False),  # zero width in prose: not verbatim
    ("signature_zh", "torch.OutOfMemoryError：CUDA 显\u200d存不足。", False),  # a joiner between CJK letters
    ("signature_zh", "torch.OutOfMemoryError：CUDA\u200d 显存不足。", True),  # next to ASCII: hides a string
    ("signature", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. 👨\u200d💻", False),
])
def test_invisible_and_bidi_characters(tmp_path: Path, field: str, value: str, fires: bool) -> None:
    spec = {"entries": {OOM: {"set": {field: value}}}}
    problems = [p for p in check(make_corpus(spec, tmp_path)).problems if p.code == "E107"]
    assert [(p.field, p.code) for p in problems] == ([(field, "E107")] if fires else [])


def test_translation_without_its_article_is_w003(tmp_path: Path) -> None:
    spec = {"write": {"articles/missing.zh.md": "---\ntitle: 孤立\n---\n正文。\n"}}
    problems, stopped = validate_and_build(make_corpus(spec, tmp_path), tmp_path)
    assert codes(problems) == [("entries/articles/missing.zh.md", "", "W003")] and stopped == []
