"""Every lint rule has a failing fixture that makes exactly that rule fire, as often and on the fields it lists
(`expect`); the clean base fires nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.build import site
from generator.l10n.translation import zh_status
from generator.lint.checks import check
from generator.lint.rules import RULES
from generator.load import corpus as load
from generator.paths import ENTRIES_DIR, REFERENCE_FILE
from generator.problems import Problem
from generator.regex_dialect import regex_gate
from tests.lintcases import BASE, CASES, make_corpus

REPO = "https://github.com/example/encyclopedia"


def run_case(spec: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Problem]:
    entries = make_corpus(spec, tmp_path)
    reference = tmp_path / "missing.jsonl" if spec.get("reference") == "missing" else REFERENCE_FILE
    if spec.get("node") == "missing":
        monkeypatch.setattr(regex_gate.shutil, "which", lambda name: None)
        monkeypatch.setattr(regex_gate, "_JS_COMPILE", {})  # nothing remembered from earlier tests
        monkeypatch.setattr(regex_gate, "_JS_PAIRS", {})
    if spec.get("recheck") == "missing":
        monkeypatch.setattr(regex_gate, "recheck_version", lambda: None)
    if spec.get("bug") == "to_entry":
        real = load.to_entry

        def buggy(d: dict, rel: str):
            if rel.endswith("cuda-out-of-memory.json"):
                raise KeyError("simulated bug")
            return real(d, rel)
        monkeypatch.setattr(load, "to_entry", buggy)
    if spec.get("build"):
        if spec.get("mermaid") == "missing":
            monkeypatch.setattr(site, "MERMAID_JS", tmp_path / "no-mermaid.js")
        return site.build(entries, tmp_path / "docs", REPO, reference).problems
    return check(entries, reference).problems


def test_base_corpus_is_clean(tmp_path: Path) -> None:
    assert check(BASE).problems == []


def test_every_rule_has_exactly_one_failing_fixture() -> None:
    assert [c.stem for c in CASES] == sorted(RULES)
    assert [c.stem for c in CASES if "expect" not in json.loads(c.read_text(encoding="utf-8"))] == []


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_fixture_fires_exactly_its_rule(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = case.stem
    spec = json.loads(case.read_text(encoding="utf-8"))
    problems = run_case(spec, tmp_path, monkeypatch)
    assert problems, f"{code} did not fire"
    assert {p.code for p in problems} == {code}, [str(p) for p in problems]
    assert all(p.severity == RULES[code].severity for p in problems)
    # Exactly the problems the fixture lists, one [file, field] each: a rule that fires twice, or on another field,
    # fails (files outside the corpus are written <tmp>/...).
    got = sorted([p.file.replace(str(tmp_path), "<tmp>"), p.field] for p in problems)
    assert got == sorted(spec["expect"]), [str(p) for p in problems]


def test_acknowledging_an_error_turns_it_into_a_notice(tmp_path: Path) -> None:
    spec = json.loads((BASE.parent / "failing" / "E101.json").read_text(encoding="utf-8"))
    spec["entries"]["pytorch/cuda-out-of-memory"]["set"]["acknowledged"] = [
        {"rule": "E101", "reason": "The source does not say what was tried.", "reason_zh": "来源没有说明尝试了什么。"}]
    report = check(make_corpus(spec, tmp_path))
    assert report.errors == []
    assert [(p.code, p.severity) for p in report.problems] == [("E101", "acknowledged")]


@pytest.mark.parametrize("code", ["W102", "E001"])
def test_warnings_and_path_errors_cannot_be_acknowledged(tmp_path: Path, code: str) -> None:
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {"acknowledged": [
        {"rule": code, "reason": "Trying to silence a rule that cannot be silenced.",
         "reason_zh": "试图压下不能压下的规则。"}]}}}}
    [p] = check(make_corpus(spec, tmp_path)).problems
    assert p.code == "W002" and "is not an error this entry can acknowledge" in p.message and code in p.message


def test_zh_only_rules_and_rules_off_for_zh(tmp_path: Path) -> None:
    """Empty zh actions fall back to English (E101 is off for zh); zh text is still checked for backticks."""
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {"dead_ends_zh.0.action": "",
                                                                "workarounds_zh.0.how": "运行 `nvidia-smi 查看"}}}}
    assert [p.code for p in check(make_corpus(spec, tmp_path)).problems] == ["E103"]


@pytest.mark.parametrize("field,value,where,expected", [
    ("first_seen", "2024-02-30", "first_seen", "is not a real date (YYYY-MM-DD, a day that exists): '2024-02-30'"),
    ("fix_success_rate", 1.2, "fix_success_rate", "is greater than the maximum of 1: 1.2"),
    ("official_doc_url", "javascript:alert(1)", "official_doc_url", "does not have the required form"),
    ("workarounds.0.sources", ["data:text/html,<script>alert(1)</script>"], "workarounds.0.sources.0",
     "does not have the required form"),
    ("transition_graph.leads_to", ['cuda/x"]; click n0 call alert(1)'], "transition_graph.leads_to.0",
     "does not have the required form"),
])
def test_schema_rejects_bad_values(tmp_path: Path, field: str, value: object, where: str, expected: str) -> None:
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {field: value}}}}
    [p] = check(make_corpus(spec, tmp_path)).problems
    assert (p.code, p.severity, p.field) == ("E015", "error", where) and p.message.startswith(expected), str(p)


def test_repository_entries_have_no_unacknowledged_error() -> None:
    """`python -m generator validate` on the real entries/ reports zero errors."""
    assert [str(p) for p in check(ENTRIES_DIR).errors] == []


def test_rules_page_lists_every_rule_in_both_languages() -> None:
    from generator.render.indexes import rules_page
    for lang in ("en", "zh"):
        page = rules_page(lang)
        assert all(f"<strong>{code}</strong>" in page for code in RULES)
    assert "W502" in rules_page("en").split(">Why these severities", 1)[1]


def test_w601_agrees_with_what_the_zh_page_shows(tmp_path: Path) -> None:
    """A zh workaround whose only Chinese is in `how` still shows its English action: W601 says so."""
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {"workarounds_zh.0.action": "Reduce the batch size."}}}}
    report = check(make_corpus(spec, tmp_path))
    assert [(p.code, p.field) for p in report.problems] == [("W601", "workarounds_zh.0")]
    e = report.corpus.entries[[x.id for x in report.corpus.entries].index("pytorch/cuda-out-of-memory")]
    assert not zh_status(e).workarounds[0]


def test_w601_flags_an_untranslated_condition(tmp_path: Path) -> None:
    """A translated action with an English-only condition: lint names the condition, the page marks it."""
    from generator.build.site import make_site
    from generator.render import pages as render
    spec = {"entries": {"pytorch/cuda-out-of-memory": {"set": {"workarounds_zh.0.condition": ""}}}}
    report = check(make_corpus(spec, tmp_path))
    assert [(p.code, p.field) for p in report.problems] == [("W601", "workarounds_zh.0.condition")]
    site = make_site(report, "https://example.invalid/repo")
    e = site.entries["pytorch/cuda-out-of-memory"]
    english = e.workarounds[0].condition
    page = render.render_entry(e, site, "zh")
    line = next(ln for ln in page.splitlines() if render.html_text(english) in ln)
    assert "尚未翻译" in line and "<span lang=\"en\">" in line


def test_first_person_test_claims_are_flagged_even_with_a_stored_reproduction(tmp_path: Path) -> None:
    """An entry with a stored run may say what that run shows, but not 'in our tests' / '我们的测试' / '实测', which
    names no run (issue #10: claims of other tests hid behind a stored reproduction)."""
    spec = {"entries": {"cuda/illegal-address": {"set": {
        "reproduction": {"script": "repro.cu", "output": "output.txt", "environment": "H100", "date": "2026-11-21"},
        "verification_tier": "reproduced",
        "root_cause": "In our CUDA 13.0 tests a host pointer also returned it. The stored reproduction shows 700.",
        "root_cause_zh": "复现中 cudaDeviceSynchronize 返回 700；实测主机指针也会返回它。",
        "dead_ends.0.why_fails": "Reproduced: the context stays corrupted."}}}}
    root = make_corpus(spec, tmp_path)
    (root / "cuda" / "illegal-address.repro").mkdir()
    for name in ("repro.cu", "output.txt"):
        (root / "cuda" / "illegal-address.repro" / name).write_text("x\n", encoding="utf-8")
    found = [(p.code, p.field) for p in check(root).problems if p.code == "E705"]
    assert found == [("E705", "root_cause"), ("E705", "root_cause_zh")], found
