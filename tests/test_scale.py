"""A 300-entry synthetic site: sizes and counts that must not grow with the corpus (times live in benchmarks/)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.corpus import write_corpus
from tests.conftest import _build, fragments

pytestmark = pytest.mark.slow

N = 300
# The largest part of one language's search index a query can fetch (Pagefind splits the word index into chunks
# and fetches the ones holding the query's words), with the language's page list: a regression guard.
MAX_INDEX_CHUNK = 200_000
MAX_ENTRY_PAGE = 40_000  # bytes of HTML, the target


@pytest.fixture(scope="module")
def scale_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    entries = write_corpus(tmp_path_factory.mktemp("scale-entries") / "entries", N)
    return entries, _build(tmp_path_factory, "scale-site", entries)


def _entry_ids(entries: Path) -> list[str]:
    return sorted(p.relative_to(entries).with_suffix("").as_posix() for p in entries.glob("*/*.json"))


def test_every_entry_page_exists_in_both_languages(scale_site: tuple[Path, Path]) -> None:
    entries, site = scale_site
    ids = _entry_ids(entries)
    assert len(ids) == N
    missing = [f"{prefix}{i}" for i in ids for prefix in ("", "zh/") if not (site / prefix / i / "index.html").exists()]
    assert missing == []


def test_entry_pages_stay_small(scale_site: tuple[Path, Path]) -> None:
    entries, site = scale_site
    sizes = {f"{p}{i}": (site / p / i / "index.html").stat().st_size for i in _entry_ids(entries) for p in ("", "zh/")}
    largest = max(sizes, key=sizes.__getitem__)
    assert sizes[largest] <= MAX_ENTRY_PAGE, (largest, sizes[largest])


def test_each_language_has_its_own_search_index(scale_site: tuple[Path, Path]) -> None:
    """Pagefind: one index per language, holding every entry and no index page; a reader's first query fetches
    that language's index parts only (tests/test_search.py measures the bytes in Chromium)."""
    entries, site = scale_site
    ids = set(_entry_ids(entries))
    entry = json.loads((site / "pagefind/pagefind-entry.json").read_text(encoding="utf-8"))
    urls = set(fragments(site))
    articles = {u for u in urls if u.startswith(("/articles/", "/zh/articles/"))}  # searched too
    assert urls - articles == {f"/{i}/" for i in ids} | {f"/zh/{i}/" for i in ids}
    assert {lang: v["page_count"] for lang, v in entry["languages"].items()} == {"en": N + len(articles) // 2,
                                                                                "zh": N + len(articles) // 2}
    for lang in ("en", "zh"):
        # Every word list a query may fetch: already gzip-compressed, so this is what goes over the wire.
        chunks = [f.stat().st_size for f in (site / "pagefind/index").glob(f"{lang}_*.pf_index")]
        meta = sum(f.stat().st_size for f in (site / "pagefind").glob(f"pagefind.{lang}_*.pf_meta"))
        assert chunks and max(chunks) + meta <= MAX_INDEX_CHUNK, (lang, max(chunks), meta)

