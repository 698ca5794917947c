"""The generator's work grows with the corpus linearly (issue 12): a page never scans every entry. Counted, not
timed: the number of full passes over the entries (and the articles' entry lists) per build, at N and 2N entries.
Times live in benchmarks/."""
from __future__ import annotations

import json
from collections.abc import ItemsView, Iterator, KeysView, ValuesView

import pytest

from benchmarks.corpus import write_corpus
from generator import translation
from generator.articles import _API, DISTINCTIVE, MAX_DETECTED, _apis, _names, all_related_entries
from generator.lint import check
from generator.load import load_corpus
from generator.model import Article, Entry
from generator.paths import ENTRIES_DIR, REFERENCE_FILE
from generator.render import Site
from generator.site import build, make_site, render_all

pytestmark = pytest.mark.slow

N = 40


class CountedDict(dict[str, Entry]):
    """Site.entries that counts how often it is walked from end to end (iterated, or its keys/values/items)."""

    passes = 0

    def __iter__(self) -> Iterator[str]:
        CountedDict.passes += 1
        return super().__iter__()

    def keys(self) -> KeysView[str]:
        CountedDict.passes += 1
        return super().keys()

    def values(self) -> ValuesView[Entry]:
        CountedDict.passes += 1
        return super().values()

    def items(self) -> ItemsView[str, Entry]:
        CountedDict.passes += 1
        return super().items()


class CountedList(list[Entry]):
    passes = 0

    def __iter__(self) -> Iterator[Entry]:
        CountedList.passes += 1
        return super().__iter__()


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Site]:
    out = {}
    for n in (N, 2 * N):
        entries = write_corpus(tmp_path_factory.mktemp(f"work-{n}") / "entries", n)
        out[n] = make_site(check(entries, REFERENCE_FILE), "https://example.invalid/repo", "main", entries)
    return out


def passes_over_entries(site: Site) -> int:
    object.__setattr__(site, "entries", CountedDict(site.entries))  # Site is frozen; only this test swaps it
    CountedDict.passes = 0
    render_all(site)
    return CountedDict.passes


def test_rendering_walks_the_entries_a_fixed_number_of_times(sites: dict[int, Site]) -> None:
    """Every page of both languages at N and 2N entries: the passes over all entries stay the same (one per
    language and index page, not one per page; a page looks its neighbours up by id)."""
    small, large = passes_over_entries(sites[N]), passes_over_entries(sites[2 * N])
    assert {e.domain for e in sites[N].entries.values()} == {e.domain for e in sites[2 * N].entries.values()}
    assert small == large, (small, large)
    assert large < 2 * N  # one pass per page would be 2N (N entries, 2 languages) at the smaller corpus alone


def test_related_entries_of_every_article_read_the_entries_once(sites: dict[int, Site]) -> None:
    """The entries each article concerns: the entries are read once for all articles, not once per article."""
    site = sites[2 * N]
    counts = []
    for articles in (site.articles[:1], site.articles * 8):
        entries = CountedList(site.entries.values())
        CountedList.passes = 0
        links = all_related_entries(articles, entries)
        assert links == all_related_entries(articles, list(site.entries.values()))
        counts.append(CountedList.passes)
    assert counts[0] == counts[1], counts


def related_by_scanning(article: Article, entries: list[Entry]) -> list[str]:
    """The definition, as it was written before the index: every entry scanned for each article."""
    mentioned = set(_API.findall(article.body))
    users: dict[str, int] = {}
    for e in entries:
        for n in _apis(e):
            users[n] = users.get(n, 0) + 1
    out = [i for i in article.entries if i in {e.id for e in entries}]
    by_name = sorted(e.id for e in entries if _names(e) & mentioned)
    scored = []
    for e in entries:
        score = sum(1 for n in _apis(e) & mentioned if users[n] <= DISTINCTIVE)
        if score:
            scored.append((-score, e.id))
    for i in by_name + [i for _, i in sorted(scored)]:
        if i not in out:
            out.append(i)
    return out[: len(article.entries) + MAX_DETECTED]


def test_related_entries_are_those_of_the_definition(sites: dict[int, Site]) -> None:
    """The real articles and entries, and a synthetic corpus's: the same entries, in the same order."""
    real = load_corpus(ENTRIES_DIR)
    cases = [(real.articles, real.entries), (sites[2 * N].articles, list(sites[2 * N].entries.values()))]
    for articles, entries in cases:
        assert articles
        links = all_related_entries(articles, entries)
        assert links == {a.id: related_by_scanning(a, entries) for a in articles}


def test_a_rebuild_after_one_edit_reads_only_the_changed_pages_and_equals_a_full_build(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """`mkdocs serve` rebuilds in the same process: the translation report reads again only the pages whose Markdown
    changed, and what the rebuild writes equals a full build from nothing, file for file."""
    entries = write_corpus(tmp_path_factory.mktemp("edit") / "entries", N)
    docs, fresh = entries.parent / "docs", entries.parent / "fresh"
    first = build(entries, docs, "https://example.invalid/repo").files
    entry = sorted(entries.glob("cuda/*.json"))[0]
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["root_cause"] += " Edited in place."
    data["root_cause_zh"] = (data.get("root_cause_zh") or "") + "这是一次编辑。"
    entry.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    read = translation.PAGES_READ
    rebuilt = build(entries, docs, "https://example.invalid/repo").files
    read = translation.PAGES_READ - read
    changed = [p for p in rebuilt if p.endswith(".zh.md") and rebuilt[p] != first.get(p)]
    translation._FOUND.clear()  # a full build from nothing: no page remembered
    full = build(entries, fresh, "https://example.invalid/repo").files
    assert rebuilt == full
    assert {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*") if p.is_file()} == \
        {p.relative_to(fresh).as_posix(): p.read_bytes() for p in fresh.rglob("*") if p.is_file()}
    assert f"{data['id']}.zh.md" in changed
    assert 1 <= read <= len(changed) < N
