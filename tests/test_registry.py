"""The id registry (config/ids.txt, generator/load/registry.py): a published id never disappears; a moved one
redirects."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.lint.checks import check
from generator.load.registry import Registry, load_registry, register, registry_problems
from generator.paths import ROOT
from generator.scaffold import new_entry
from tests.conftest import SEED_IDS
from tests.corpus import real_corpus
from tests.sitebuild import build_site

MOVED = "cuda/capture-scope-old-name"
TARGET = "cuda/stream-capture-invalid-scope"


def codes(problems: list) -> list[tuple[str, str]]:
    return sorted((p.code, p.field) for p in problems)


def test_every_entry_of_the_repository_is_registered_and_every_registered_id_resolves() -> None:
    reg = load_registry(ROOT / "config" / "ids.txt")
    ids = set(real_corpus().ids)
    assert reg.problems == []
    assert registry_problems(reg, ids, {}) == []
    assert len(reg.ids) >= len(ids) >= 200  # the registry only grows


def test_each_kind_of_registry_problem_is_reported_with_its_code(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("# comment\ncuda/a\ncuda/gone\ncuda/b -> cuda/a\ncuda/c -> cuda/b\ncuda/d -> cuda/nowhere\n"
                    "cuda/a\nnot an id\ncuda/e -> cuda/a\n", encoding="utf-8")
    reg = load_registry(path)
    assert reg.redirects == {"cuda/b": "cuda/a", "cuda/c": "cuda/b", "cuda/d": "cuda/nowhere", "cuda/e": "cuda/a"}
    found = registry_problems(reg, {"cuda/a", "cuda/e", "cuda/new"}, {"cuda/new": "entries/cuda/new.json"})
    assert codes(found) == [("E020", "id"), ("E021", "cuda/gone"), ("E022", "cuda/c"), ("E022", "cuda/d"),
                            ("E022", "cuda/e"), ("E023", "line 7"), ("E023", "line 8")]
    assert next(p for p in found if p.code == "E020").file == "entries/cuda/new.json"
    assert all(p.severity == "error" for p in found)


def test_register_adds_sorted_and_keeps_redirects(tmp_path: Path) -> None:
    path = tmp_path / "config" / "ids.txt"
    assert register(path, ["cuda/b", "cuda/a"]) == ["cuda/a", "cuda/b"]
    path.write_text(path.read_text(encoding="utf-8") + "cuda/old -> cuda/a\n", encoding="utf-8")
    assert register(path, ["cuda/a", "cuda/0"]) == ["cuda/0"]
    reg = load_registry(path)
    assert reg.ids == ["cuda/0", "cuda/a", "cuda/b", "cuda/old"] and reg.redirects == {"cuda/old": "cuda/a"}


def test_scaffolding_an_entry_registers_its_id(tmp_path: Path) -> None:
    entries = tmp_path / "entries"
    entries.mkdir()
    register(tmp_path / "config" / "ids.txt", ["cuda/existing"])
    new_entry(entries, "cuda/brand-new")
    assert "cuda/brand-new" in load_registry(tmp_path / "config" / "ids.txt").ids


def with_registry(corpus: Path, lines: list[str]) -> Path:
    ids = corpus.parent / "config" / "ids.txt"
    ids.parent.mkdir(exist_ok=True)
    ids.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ids


def test_deleting_a_published_entry_fails_validation_until_it_redirects(corpus_dir: Path) -> None:
    with_registry(corpus_dir, SEED_IDS)
    assert [p for p in check(corpus_dir).errors if p.code.startswith("E02")] == []
    (corpus_dir / "cuda" / "cuda-error-driver-unloading.json").unlink()
    gone = [p for p in check(corpus_dir).errors if p.code.startswith("E02")]
    assert codes(gone) == [("E021", "cuda/cuda-error-driver-unloading")]
    with_registry(corpus_dir, [i for i in SEED_IDS if "unloading" not in i]
                  + [f"cuda/cuda-error-driver-unloading -> {TARGET}"])
    report = check(corpus_dir)
    assert [p for p in report.errors if p.code.startswith("E02")] == []
    assert report.redirects == {"cuda/cuda-error-driver-unloading": TARGET}


def test_a_corpus_without_a_registry_beside_it_is_not_checked(corpus_dir: Path) -> None:
    assert not (corpus_dir.parent / "config").exists()
    assert Registry(corpus_dir).ids == []
    assert [p for p in check(corpus_dir).problems if p.code.startswith("E02")] == []


@pytest.mark.slow
def test_a_moved_id_keeps_a_page_in_both_languages_that_sends_readers_on(corpus_dir: Path, tmp_path: Path) -> None:
    with_registry(corpus_dir, [*SEED_IDS, f"{MOVED} -> {TARGET}"])
    site, proc = build_site(corpus_dir, tmp_path / "work")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "WARNING" not in proc.stderr, proc.stderr
    for prefix, words in (("", "Moved"), ("zh/", "已迁移")):
        page = (site / prefix / MOVED / "index.html").read_text(encoding="utf-8")
        refresh = re.search(r'<meta http-equiv="refresh" content="0; url=([^"]+)">', page)
        assert refresh, page[:2000]
        assert (site / prefix / MOVED / refresh.group(1) / "index.html").resolve() == \
            (site / prefix / TARGET / "index.html").resolve()
        assert (site / prefix / TARGET / "index.html").exists()
        assert '<meta name="robots" content="noindex">' in page
        assert words in page
    assert "<meta http-equiv=\"refresh\"" not in (site / TARGET / "index.html").read_text(encoding="utf-8")
    moved = json.loads((site / "api" / "v1" / f"{MOVED}.json").read_text(encoding="utf-8"))
    assert moved["id"] == MOVED and moved["moved_to"] == TARGET and moved["url"].endswith(f"/api/v1/{TARGET}.json")
    index = json.loads((site / "api" / "v1" / "index.json").read_text(encoding="utf-8"))
    assert index["moved"] == [{"id": MOVED, "moved_to": TARGET}] and MOVED not in {e["id"] for e in index["entries"]}
