"""The generator's work grows with the corpus linearly (issue 12): a page never scans every entry. Counted, not
timed: the number of full passes over the entries (and the articles' entry lists) per build, at N and 2N entries.
Times live in benchmarks/."""
from __future__ import annotations

import json
from collections.abc import Callable, ItemsView, Iterator, KeysView, ValuesView
from pathlib import Path
from typing import Any

import pytest

from benchmarks.corpus import write_corpus
from generator.build import site as site_module
from generator.build.site import build, make_site, render_all
from generator.l10n import translation
from generator.lint import checks as lint
from generator.lint.checks import check
from generator.load import corpus as corpus_module
from generator.load.corpus import load_corpus
from generator.model import Article, Entry
from generator.paths import ENTRIES_DIR, REFERENCE_FILE
from generator.render.articles import _API, DISTINCTIVE, MAX_DETECTED, _apis, _names, all_related_entries
from generator.render.graph import build_graph
from generator.render.pages import Site

pytestmark = pytest.mark.slow

REPO = "https://example.invalid/repo"

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


def _files(docs: Path) -> dict[str, bytes]:
    return {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*") if p.is_file()}


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def test_incremental_rebuilds_after_edits_equal_full_builds(tmp_path_factory: pytest.TempPathFactory) -> None:
    """`mkdocs serve` rebuilds in the same process: after each edit it renders again only the entry pages whose
    inputs changed (the entry; the entries that show its title; the entries an edited article links) and the
    translation report reads again only the pages whose Markdown changed, and the lint checks again only the entry
    files that changed, and the docs/ it leaves equal a full build from nothing, file for file."""
    entries = write_corpus(tmp_path_factory.mktemp("edit") / "entries", N)
    docs = entries.parent / "docs"
    build(entries, docs, REPO, incremental=True)
    graph = build_graph(load_corpus(entries).entries)
    linked = next(i for i, links in graph.items() if links.preceded_by and i.startswith("cuda/"))
    neighbourhood = {linked, *graph[linked].all()}  # pages showing its title (a neighbour is re-rendered whole)
    article = sorted((entries / "articles").glob("*.md"))[0]
    edits: list[tuple[str, Callable[[], None], set[str]]] = [
        ("root cause", lambda: _edit(entries / f"{linked}.json", lambda d: d.update(
            root_cause=d["root_cause"] + " Edited.", root_cause_zh=d["root_cause_zh"] + "已编辑。")), neighbourhood),
        ("title", lambda: _edit(entries / f"{linked}.json", lambda d: d.update(title="An edited title")),
         neighbourhood),
        ("article", lambda: article.write_text(article.read_text(encoding="utf-8").replace(
            "title: \"Synthetic article", "title: \"An edited article", 1), encoding="utf-8"), None),
    ]
    for what, edit, touched in edits:
        edit()
        counts = site_module.ENTRY_PAGES_RENDERED, translation.PAGES_READ, lint.ENTRIES_CHECKED
        loaded = corpus_module.ENTRIES_LOADED[0]
        folders = site_module.REPRO_FOLDERS_HIGHLIGHTED
        before = _files(docs)
        build(entries, docs, REPO, incremental=True)
        rendered, read, checked = (site_module.ENTRY_PAGES_RENDERED - counts[0], translation.PAGES_READ - counts[1],
                                   lint.ENTRIES_CHECKED - counts[2])
        highlighted = site_module.REPRO_FOLDERS_HIGHLIGHTED - folders
        assert corpus_module.ENTRIES_LOADED[0] - loaded == (0 if what == "article" else 1), what  # the edited file
        assert highlighted == 0, what  # no stored file changed: no folder highlighted again
        after = _files(docs)
        changed_zh = [p for p in after if p.endswith(".zh.md") and after[p] != before.get(p)]
        remembered = (dict(site_module._ENTRY_PAGES), dict(translation._FOUND), dict(lint._ENTRY_FOUND),
                      dict(site_module._REPRO_BLOCKS), dict(site_module._REPRO_PAGES),
                      dict(site_module._ENTRY_JSON), dict(site_module._LINKS), dict(lint._CLAIMS_FOUND))
        translation._FOUND.clear()  # a full build from nothing: no page remembered
        fresh = entries.parent / f"fresh-{what.replace(' ', '-')}"
        build(entries, fresh, REPO)
        site_module._ENTRY_PAGES.update(remembered[0])
        translation._FOUND.update(remembered[1])
        lint._ENTRY_FOUND.update(remembered[2])
        site_module._REPRO_BLOCKS.update(remembered[3])
        site_module._REPRO_PAGES.update(remembered[4])
        site_module._ENTRY_JSON.update(remembered[5])
        site_module._LINKS.update(remembered[6])
        lint._CLAIMS_FOUND.update(remembered[7])
        assert after == _files(fresh), what
        assert 0 < rendered < 2 * N and 0 < read <= len(changed_zh), (what, rendered, read, changed_zh)
        if touched is not None:  # an entry file edited: it alone is checked again
            assert rendered == 2 * len(touched) and checked == 1, (what, rendered, touched, checked)
        else:
            assert checked == 0, (what, checked)
    # A stored file edited: its folder alone is highlighted again.
    folders = site_module.REPRO_FOLDERS_HIGHLIGHTED
    stored = sorted(entries.glob("*/*.repro/*.py"))[0]
    stored.write_text(stored.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    build(entries, docs, REPO, incremental=True)
    highlighted = site_module.REPRO_FOLDERS_HIGHLIGHTED - folders
    assert highlighted == 1
    owner = stored.parent.relative_to(entries).as_posix().removesuffix(".repro")
    assert "# edited" in (docs / "repro" / owner / "index.zh.md").read_text(encoding="utf-8")
    build(entries, entries.parent / "fresh-repro", REPO)
    assert _files(docs) == _files(entries.parent / "fresh-repro")
    # Its entry's title edited: the folder's page (which shows it) and the entry's JSON follow; nothing is highlighted.
    build(entries, docs, REPO, incremental=True)
    folders = site_module.REPRO_FOLDERS_HIGHLIGHTED
    _edit(entries / f"{owner}.json", lambda d: d.update(title="A title the stored run's page shows"))
    build(entries, docs, REPO, incremental=True)
    assert site_module.REPRO_FOLDERS_HIGHLIGHTED - folders == 0
    assert "A title the stored run" in (docs / "repro" / owner / "index.md").read_text(encoding="utf-8")
    assert "A title the stored run" in (docs / "api" / "v1" / f"{owner}.json").read_text(encoding="utf-8")
    build(entries, entries.parent / "fresh-title", REPO)
    assert _files(docs) == _files(entries.parent / "fresh-title")


def test_a_full_build_remembers_no_page(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Only serving keeps every entry page in memory between builds (MkDocs' own build needs the memory)."""
    entries = write_corpus(tmp_path_factory.mktemp("full") / "entries", 10)
    build(entries, entries.parent / "docs", REPO, incremental=True)
    ids = {p.relative_to(entries).with_suffix("").as_posix() for p in entries.glob("*/*.json")}
    assert {i for i, _ in site_module._ENTRY_PAGES} == ids  # pages of other corpora are forgotten
    assert site_module._REPRO_BLOCKS
    build(entries, entries.parent / "docs", REPO)
    assert site_module._ENTRY_PAGES == {} and site_module._REPRO_BLOCKS == {}
