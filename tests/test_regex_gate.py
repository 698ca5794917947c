"""The regex gate on fixture corpora: every failing regex is a build error `file: regex: reason`."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build.site import build
from generator.load.corpus import load_corpus
from generator.problems import BuildError
from generator.regex_dialect import regex_gate
from generator.regex_dialect.regex_gate import check_regexes, recheck_version, syntax_problems
from tests.conftest import seed, write_entry

ID = "cuda/cuda-error-invalid-sync-object"


def gate_messages(corpus_dir: Path, tmp_path: Path) -> list[str]:
    result = check_regexes(load_corpus(corpus_dir).entries, cache_file=tmp_path / "cache.json")
    return [str(p) for p in result.problems if p.severity == "error"]


def with_regex(corpus_dir: Path, regex: str, **extra: object) -> None:
    data = seed(ID)
    data["regex"] = regex
    data.update(extra)
    write_entry(corpus_dir, data)


def test_seed_corpus_passes_the_gate(corpus_dir: Path, tmp_path: Path) -> None:
    assert gate_messages(corpus_dir, tmp_path) == []


@pytest.mark.parametrize("regex, reason", [
    (r"CUDA error: (?:invalid\s?)+ sync object", "nested quantifiers"),
    (r"CUDA error: (invalid|in\w+)* sync object", "branches can start with the same character"),
    (r"CUDA error: ([a-z]+)+ sync object", "nested quantifiers"),
    (r"(?i)CUDA error: invalid sync object", "inline flags"),
    (r"CUDA error: (?P<what>invalid) sync object", "named groups"),
    (r"CUDA error: invalid sync object\Z", r"\A and \Z"),
    (r"(?<=CUDA error: )invalid sync object", "not RE2 syntax"),
    (r"CUDA error: (invalid) \1?sync object", "not RE2 syntax"),
    (r"CUDA error: invalid sync object|x*", "matches the empty string"),
    (r"CUDA error: invalid sync object{", "does not compile in JavaScript"),
    (r"CUDA error: invalid sync (object", "does not compile in Python"),
    (r"\bCUD\b|invalid sync object", "no required literal of 4+"),
    (r"CUDA error: invalid sync objects", "does not match its own signature"),
])
def test_bad_regex_is_rejected_with_its_reason(corpus_dir: Path, tmp_path: Path, regex: str, reason: str) -> None:
    with_regex(corpus_dir, regex)
    messages = gate_messages(corpus_dir, tmp_path)
    prefix = f"entries/cuda/{ID.split('/')[1]}.json: regex: "
    assert any(m.startswith(prefix) and reason in m for m in messages), messages


def test_catastrophic_backtracking_regex_stops_the_build(corpus_dir: Path, tmp_path: Path) -> None:
    with_regex(corpus_dir, r"CUDA error: (?:\w+\s?)+ sync object")
    with pytest.raises(BuildError) as err:
        build(corpus_dir, tmp_path / "docs", "https://example.invalid/repo")
    assert any(p.field == "regex" and "backtrack" in p.message and p.file.endswith(".json") for p in err.value.problems)
    assert not (tmp_path / "docs").exists()


@pytest.mark.skipif(recheck_version() is None, reason="recheck not installed (make setup)")
def test_recheck_finds_polynomial_backtracking(corpus_dir: Path, tmp_path: Path) -> None:
    with_regex(corpus_dir, r"CUDA error: [^`]*invalid sync object[^`]*")
    assert any("recheck: polynomial" in m for m in gate_messages(corpus_dir, tmp_path))


def test_non_ascii_with_flag_i_is_rejected() -> None:
    reasons, _ = syntax_problems("Größe überschritten", "i")
    assert any("fold differently" in r for r in reasons)


def test_samples_and_near_misses_are_checked(corpus_dir: Path, tmp_path: Path) -> None:
    with_regex(corpus_dir, "invalid sync object", samples=["cudaErrorInvalidSyncObject: invalid sync thing"],
               near_misses=["CUDA error: invalid sync object"])
    messages = gate_messages(corpus_dir, tmp_path)
    assert any("does not match its own samples[0]" in m for m in messages), messages
    assert any("matches its own near_misses[0]" in m for m in messages), messages


def test_stealing_another_signature_needs_overlaps(corpus_dir: Path, tmp_path: Path) -> None:
    thief = seed(ID)
    thief.update(id="cuda/thief", regex="invalid sync object|driver is in a state")
    write_entry(corpus_dir, thief)
    messages = gate_messages(corpus_dir, tmp_path)
    assert any("cuda/thief.json: regex: matches the signature of cuda/cuda-error-driver-unloading" in m
               for m in messages), messages
    thief["overlaps"] = [ID, "cuda/cuda-error-driver-unloading"]
    write_entry(corpus_dir, thief)
    assert not [m for m in gate_messages(corpus_dir, tmp_path) if "thief.json" in m]


def test_match_index_is_written_and_compact(corpus_dir: Path, tmp_path: Path) -> None:
    build(corpus_dir, tmp_path / "docs", "https://example.invalid/repo")
    raw = (tmp_path / "docs/assets/generated/match-index.json").read_text(encoding="utf-8")
    index = json.loads(raw)
    assert "\n " not in raw and [e["id"] for e in index["entries"]] == sorted(e["id"] for e in index["entries"])
    row = next(e for e in index["entries"] if e["id"] == ID)
    assert row["lit"] and row["nm"] == ["cudaErrorInvalidSyncObject"] and "re" in row
    # A number resolves through the family's table: the seed's name is not one CUDA prints, so no number;
    # a real name gets '<family key>:<code>'.
    assert "cd" not in row
    real = next(e for e in index["entries"] if e["id"] == "cuda/illegal-memory-access-after-free")
    assert real["cd"] == ["rt:700"]
    # Only what matching needs: display text and similarity words are in their own files.
    assert set().union(*index["entries"]) <= {"id", "re", "fl", "lit", "nm", "cd"}
    generated = tmp_path / "docs/assets/generated"
    words = json.loads((generated / "match-words.json").read_text(encoding="utf-8"))["words"]
    assert "sync" in words[ID].split(" ")
    k = [e["id"] for e in index["entries"]].index(ID) // index["display_shard"]
    for lang, needle in (("en", "invalid"), ("zh", "同步")):
        shard = json.loads((generated / f"match-display/{lang}/{k}.json").read_text(encoding="utf-8"))
        assert shard["lang"] == lang and needle in shard["entries"][ID]["s"] and shard["entries"][ID]["w"]
        assert shard["entries"][ID]["ec"].startswith("cudaErrorInvalidSyncObject")


# ---- the JavaScript half: one Node worker per process, restarted after a failure ----

def _fresh_js_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(regex_gate, "_JS_COMPILE", {})
    monkeypatch.setattr(regex_gate, "_JS_PAIRS", {})


def _js_only(corpus_dir: Path, tmp_path: Path, regex: str) -> list[str]:
    """The gate's messages for a regex that only JavaScript rejects ('{' is a syntax error under flag u)."""
    with_regex(corpus_dir, regex)
    return gate_messages(corpus_dir, tmp_path)


def _the_next_check_starts_a_worker_that_answers(corpus_dir: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    _fresh_js_answers(monkeypatch)
    before = regex_gate.NODE_RUNS
    messages = _js_only(corpus_dir, tmp_path, "CUDA error: invalid sync object{")
    assert any("does not compile in JavaScript" in m for m in messages), messages
    assert regex_gate.NODE_RUNS - before == 1


def test_checks_share_one_node_process(corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each check asks JavaScript only what it has not answered, and asks the same worker: new regexes, one Node."""
    _fresh_js_answers(monkeypatch)
    regex_gate._WORKER.stop()
    before = regex_gate.NODE_RUNS
    for n in range(3):
        messages = _js_only(corpus_dir, tmp_path, f"CUDA error: invalid sync object{{{n}")
        assert any("does not compile in JavaScript" in m for m in messages), messages
    assert regex_gate.NODE_RUNS - before == 1


def test_a_worker_that_dies_is_e902_and_the_next_check_starts_a_new_one(
        corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_js_answers(monkeypatch)
    crash = tmp_path / "crash.cjs"
    crash.write_text("process.stderr.write('boom'); process.exit(3);\n", encoding="utf-8")
    monkeypatch.setattr(regex_gate, "NODE_SCRIPT", crash)
    monkeypatch.setattr(regex_gate, "ROOT", tmp_path)
    result = check_regexes(load_corpus(corpus_dir).entries, cache_file=tmp_path / "cache.json")
    [failed] = [p for p in result.problems if p.code == "E902"]
    assert failed.file == "crash.cjs" and failed.message == "the regex check in Node failed (exit 3): boom"
    _the_next_check_starts_a_worker_that_answers(corpus_dir, tmp_path, monkeypatch)


def test_a_worker_that_overruns_is_killed_and_replaced(
        corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real worker, stopped mid-request by the hard limit (E902), then a fresh one answers the next check."""
    _fresh_js_answers(monkeypatch)
    monkeypatch.setattr(regex_gate, "NODE_BUDGET_S", 0.0)
    monkeypatch.setattr(regex_gate, "NODE_BUDGET_PER_RECHECK_S", 0.0)
    monkeypatch.setattr(regex_gate, "NODE_KILL_AFTER_S", 0.0)  # no time at all: killed before it can answer
    result = check_regexes(load_corpus(corpus_dir).entries, cache_file=tmp_path / "cache.json")
    assert [p.message for p in result.problems if p.code == "E902"] == [
        "the regex check in Node did not finish within 0 s and was stopped: regexes are not checked in JavaScript"]
    assert regex_gate._WORKER.proc is None
    _the_next_check_starts_a_worker_that_answers(corpus_dir, tmp_path, monkeypatch)


@pytest.mark.parametrize("reply", ["[]", '{"compile": [], "pairs": [], "overrun": [], "spent": []}', "not json"])
def test_a_worker_answer_of_the_wrong_shape_is_e902(corpus_dir: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch, reply: str) -> None:
    """Fewer answers than questions (or none) is a failed check, never a partial one read as complete."""
    _fresh_js_answers(monkeypatch)
    liar = tmp_path / "liar.cjs"
    liar.write_text("require('node:readline').createInterface({input: process.stdin})"
                    f".on('line', () => process.stdout.write({json.dumps(reply)} + '\\n'));\n", encoding="utf-8")
    monkeypatch.setattr(regex_gate, "NODE_SCRIPT", liar)
    monkeypatch.setattr(regex_gate, "ROOT", tmp_path)
    result = check_regexes(load_corpus(corpus_dir).entries, cache_file=tmp_path / "cache.json")
    assert [p.message for p in result.problems if p.code == "E902"] == [
        "the regex check in Node failed (an answer not in the form asked for)"]
    assert regex_gate._WORKER.proc is None  # out of step: the next check starts a new worker


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not installed")
def test_the_worker_answers_the_regexes_after_one_that_overran() -> None:
    """One vm context serves every regex of a request: a regex interrupted by its timeout leaves the next ones'
    answers intact (the overrun's own pairs stay unanswered)."""
    request = {"regexes": [["(a+)+$", ""], ["b", ""]], "texts": ["a" * 40 + "!", "xbx"],
               "pairs": [[0, 0], [1, 1], [1, 0]], "recheck_todo": [], "recheck_timeout_ms": 100,
               "pair_timeout_ms": 200, "budget_ms": 5000}
    proc = subprocess.run(["node", str(regex_gate.NODE_SCRIPT)], input=json.dumps(request) + "\n",
                          capture_output=True, text=True, timeout=60, check=True)
    answer = json.loads(proc.stdout)
    assert answer["overrun"] == [0, None]
    assert answer["pairs"] == [None, True, False]


def test_the_remembered_answers_for_a_regex_are_copies() -> None:
    """syntax_problems and required_literals remember their answer per regex: a caller changing the list it got does
    not change what the next caller gets."""
    from generator.match.engine import required_literals
    from generator.regex_dialect.regex_gate import syntax_problems
    regex = r"(a+)+b|CUDA error: out of memory"
    reasons, fatal = syntax_problems(regex, "")
    literals = required_literals("CUDA error: (out of memory|invalid argument)", "")
    assert fatal and any("backtrack" in r for r in reasons)
    assert literals == ["cuda error: invalid argument", "cuda error: out of memory"]
    first = (list(reasons), fatal, list(literals))
    reasons.append("changed")
    literals.append("changed")
    assert syntax_problems(regex, "") == (first[0], first[1])
    assert required_literals("CUDA error: (out of memory|invalid argument)", "") == first[2]
