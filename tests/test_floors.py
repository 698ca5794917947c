"""benchmarks/floors.py measures what it says: the engine floor builds the same pages as the site, in every language,
with none of their content; every stored file is highlighted; every generated file is written again."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import floors
from generator.l10n.languages import languages

pytestmark = pytest.mark.slow


def test_the_engine_floor_writes_every_page_path_in_every_language_and_no_content(tmp_path: Path) -> None:
    generated = tmp_path / "gen"
    for rel in ("cuda/illegal-address.md", "cuda/illegal-address.zh.md", "browse/index.md", "browse/index.zh.md"):
        (generated / rel).parent.mkdir(parents=True, exist_ok=True)
        (generated / rel).write_text("# Real content\n\nThat the floor must not build.\n", encoding="utf-8")
    project = floors.engine_project(generated, tmp_path / "engine")
    sources = sorted(p.relative_to(project / "docs").as_posix() for p in (project / "docs").rglob("*.md"))
    assert {"cuda/illegal-address.md", "cuda/illegal-address.zh.md", "index.md"} <= set(sources)  # hand-written too
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp_path / "site")], cwd=project,
                   check=True, capture_output=True)
    site = tmp_path / "site"
    built = sorted(p.relative_to(site).as_posix() for p in site.rglob("index.html"))
    assert len(built) == len(sources)
    codes = [lang.code for lang in languages().all if not lang.default]
    assert codes and all((site / code / "cuda/illegal-address/index.html").is_file() for code in codes)
    page = (site / "cuda/illegal-address/index.html").read_text(encoding="utf-8")
    assert "A paragraph about cuda/illegal-address." in page and "Real content" not in page
    assert re.search(r"<html[^>]*lang=\"en\"", page)


def test_the_floors_of_a_small_corpus_count_every_file(tmp_path: Path) -> None:
    rows = floors.floors(40, tmp_path)
    text = "\n".join(rows)
    stored = sum(1 for p in (tmp_path / "entries").rglob("*") if p.is_file() and ".repro" in p.as_posix())
    generated = sum(1 for p in (tmp_path / "gen-docs").rglob("*") if p.is_file())
    pages = sum(1 for _ in (tmp_path / "engine" / "docs").rglob("*.md"))
    assert "read and parse 40 entry files" in text and "schema check (40 valid)" in text
    assert f"write {generated:,} files" in text
    assert stored > 0 and f"Pygments on {stored:,} stored files" in text
    assert f"{pages:,} four-line pages ({pages:,} written)" in text
    assert f"Pagefind over those {pages:,} pages" in text
