"""The search index (generator/build/search_index.py): Pagefind over the pages that mark a search region, one index per
language, Chinese split into the words the browser's Intl.Segmenter finds in a query."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.build import search_index
from generator.build.search_index import SearchIndexError, build_index, spaced
from tests.conftest import fragments


def _page(lang: str, body: str, searchable: bool = True) -> str:
    region = f"<div data-pagefind-body>{body}</div>" if searchable else body
    head = '<head><meta charset="utf-8"><title>t</title></head>'
    return f'<!doctype html><html lang="{lang}">{head}<body>{region}</body></html>'


def test_chinese_text_is_split_into_the_browsers_words_and_nothing_else_changes() -> None:
    html = _page("zh", '<h1 title="显存不足">无效的设备序号</h1><p>CUDA out of memory：显存不足</p>')
    out = spaced({Path("a.html"): html}, "zh")[Path("a.html")]
    # Intl.Segmenter (ICU) splits 序号 into 序 / 号 and 显存 into 显 / 存: so does the index.
    assert "<h1 title=\"显存不足\">无效 的 设备 序 号</h1>" in out
    assert "<p>CUDA out of memory：显 存 不足</p>" in out
    assert spaced({Path("a.html"): html}, "en")[Path("a.html")] == html  # English needs no splitting


def test_index_holds_the_marked_pages_of_each_language_only(tmp_path: Path) -> None:
    site = tmp_path / "site"
    pages = {"cuda/oom/index.html": _page("en", "<h1>Out of memory</h1><p>cudaErrorMemoryAllocation</p>"),
             "zh/cuda/oom/index.html": _page("zh", "<h1>显存不足</h1><p>cudaErrorMemoryAllocation</p>"),
             "browse/index.html": _page("en", "<p>Out of memory, every entry</p>", searchable=False)}
    for rel, html in pages.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(html, encoding="utf-8")
    assert build_index(site) == {"en": 1, "zh": 1}
    entry = json.loads((site / "pagefind/pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == {"en", "zh"}
    found = fragments(site)
    assert set(found) == {"/cuda/oom/", "/zh/cuda/oom/"}
    assert found["/zh/cuda/oom/"]["content"].startswith("显 存 不足")
    assert (site / "pagefind/pagefind.js").is_file() and not (site / "pagefind/pagefind-ui.js").exists()
    assert (site / "zh/cuda/oom/index.html").read_text(encoding="utf-8") == pages["zh/cuda/oom/index.html"]


def test_a_failing_pagefind_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "a/index.html").write_text(_page("en", "<h1>x</h1>"), encoding="utf-8")
    monkeypatch.setattr(search_index, "pagefind_executable", lambda: Path("/bin/false"))
    with pytest.raises(SearchIndexError, match="pagefind failed"):
        build_index(site)


def test_a_site_without_searchable_pages_builds_without_an_index(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "a/index.html").write_text(_page("en", "<h1>x</h1>", searchable=False), encoding="utf-8")
    assert build_index(site) == {}
    assert not (site / "pagefind").exists()


GROUPS = [search_index.SynonymGroup("GPU memory ran out",
                                    {"zh": ("显存不足", "显存溢出"), "en": ("out of memory", "OOM")}),
          search_index.SynonymGroup("timed out", {"zh": ("超时",), "en": ("timeout", "timed out")})]


def test_a_page_gets_the_synonyms_of_its_words_and_not_of_others() -> None:
    assert search_index.synonyms("CUDA 显存不足", "zh", GROUPS) == ["显存溢出", "out of memory", "OOM"]
    # English terms count on Chinese pages (their messages are English), as whole words only
    assert search_index.synonyms("the launch timed out", "zh", GROUPS) == ["超时", "timeout"]
    assert search_index.synonyms("timeouts", "en", GROUPS) == []
    assert search_index.synonyms("CUDA OUT OF MEMORY", "en", GROUPS) == ["OOM"]  # no Chinese on an English page
    assert search_index.retitled("PyTorch：CUDA 显存不足", "zh", GROUPS) == ["PyTorch：CUDA 显存溢出"]


def test_synonyms_english_title_and_aliases_are_found_but_not_shown(tmp_path: Path) -> None:
    site = tmp_path / "site"
    aliases = "<ul><li><strong>Aliases</strong>: <code>CUDA_ERROR_OUT_OF_MEMORY</code></li></ul>"
    pages = {"cuda/oom/index.html": _page("en", f"<article><h1>Out of memory</h1>{aliases}</article>"),
             "zh/cuda/oom/index.html": _page("zh", "<article><h1>显存不足</h1><p>重启进程</p></article>")}
    for rel, html in pages.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(html, encoding="utf-8")
    build_index(site)
    content = fragments(site)["/zh/cuda/oom/"]["content"]
    for term in ("显 存 溢出", "Out of memory", "CUDA_ERROR_OUT_OF_MEMORY"):
        assert term in content, (term, content)
    assert (site / "zh/cuda/oom/index.html").read_text(encoding="utf-8") == pages["zh/cuda/oom/index.html"]


def test_the_hidden_terms_are_one_region_per_weight() -> None:
    """One region for the retitled titles, one for the other terms: the index copy grows by the terms, not by markup."""
    html = _page("zh", "<article><h1>显存不足</h1></article>")
    out = search_index.with_terms(html, ["显存溢出"], ["OOM", "显存溢出"])
    assert out.count("data-pagefind-body") == 3 and len(out) - len(html) < 200


def test_the_message_and_identifiers_weigh_more_than_the_body_in_the_index_copy() -> None:
    html = _page("zh", '<h1>显存不足</h1><pre class="ee-message" title="m"><code>CUDA out of memory</code></pre>'
                       '<div class="ee-meta"><p><code>cudaErrorMemoryAllocation</code></p></div><p>body</p>')
    out = search_index.weighted(html)
    assert '<pre class="ee-message" data-pagefind-weight="5" title="m">' in out
    assert '<div class="ee-meta" data-pagefind-weight="3">' in out
    assert out.replace(' data-pagefind-weight="5"', "").replace(' data-pagefind-weight="3"', "") == html


def test_the_index_made_from_slim_copies_is_the_index_of_the_whole_pages(
        tmp_path: Path, seed_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """build_index reads each page's search region only (slim): the index is byte for byte the one Pagefind makes from
    the pages as served."""
    import shutil

    from generator.build import search_index
    page = next(seed_site.glob("cuda/*/index.html")).read_text(encoding="utf-8")
    small = search_index.slim(page)
    assert len(small) < len(page) / 2 and small.count("data-pagefind-body") == 1 and '<html lang="en">' in small
    built = {}
    for name, keep in (("slim", search_index.slim), ("whole", lambda html: html)):
        site = tmp_path / name
        shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
        monkeypatch.setattr(search_index, "slim", keep)
        search_index.build_index(site)
        built[name] = {p.relative_to(site).as_posix(): p.read_bytes() for p in (site / "pagefind").rglob("*")
                       if p.is_file()}
    assert built["slim"] == built["whole"] and len(built["slim"]) > 10


def test_parts_marked_ignored_are_left_out_of_the_copy_whole_and_nothing_else() -> None:
    region = ('<div data-pagefind-body><h2 data-pagefind-ignore="" id="v">Versions</h2><p>kept</p>'
              '<div data-pagefind-ignore="all"><div><p>inner</p></div><p>still ignored</p></div><p>kept too</p>'
              '<div class="ee-tail" data-pagefind-ignore="all"><ul><li>Aliases</li></ul></div></div>')
    out = search_index.without_ignored(region)
    assert out == "<div data-pagefind-body><p>kept</p><p>kept too</p></div>"
    broken = '<div data-pagefind-body><p>a</p><div data-pagefind-ignore="all"><p>never closed</p>'
    assert search_index.without_ignored(broken) == broken  # unbalanced: Pagefind reads it as it is


def _bundle(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site / "pagefind").as_posix(): p.read_bytes() for p in (site / "pagefind").rglob("*")
            if p.is_file()}


def test_one_bundle_per_language_merged_is_one_pagefind_run_over_every_language(tmp_path: Path,
                                                                                seed_site: Path) -> None:
    """Each language is indexed by its own Pagefind run (in a parallel build, the default language's while the others
    are built) and the bundles are merged: byte for byte what one run over all of them writes."""
    import shutil
    import subprocess

    site = tmp_path / "site"
    shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
    assert search_index.build_index(site) == {"en": 5, "zh": 5}
    merged = _bundle(site)
    # The same copies, indexed by one run (as the index was made before it was split by language).
    by_lang = search_index.read_pages(site)
    groups = search_index.synonym_groups()
    copy = tmp_path / "copy"
    for lang, pages in by_lang.items():
        for rel, html in search_index.prepared(pages, lang, by_lang["en"], groups).items():
            (copy / rel).parent.mkdir(parents=True, exist_ok=True)
            (copy / rel).write_text(html, encoding="utf-8")
    one = tmp_path / "one"
    command = [str(search_index.pagefind_executable()), "--site", str(copy), "--output-path", str(one / "pagefind"),
               "--quiet"]
    for selector in search_index.EXCLUDE_SELECTORS:
        command += ["--exclude-selectors", selector]
    subprocess.run(command, check=True, capture_output=True)
    for name in search_index.UNUSED:
        (one / "pagefind" / name).unlink(missing_ok=True)
    single = _bundle(one)
    assert json.loads(merged.pop(search_index.SLICES_FILE)) == {}  # each language in one slice
    assert json.loads(single.pop("pagefind-entry.json")) == json.loads(merged.pop("pagefind-entry.json"))
    assert single.keys() == merged.keys() and len(single) > 10
    assert [k for k in single if single[k] != merged[k]] == []


def test_a_kept_bundle_is_reused_only_for_a_language_whose_searchable_text_is_unchanged(
        tmp_path: Path, seed_site: Path) -> None:
    import shutil

    site, keep = tmp_path / "site", tmp_path / "keep"
    shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
    runs, prepared = search_index.PAGEFIND_RUNS, search_index.PAGES_PREPARED
    runs[0] = 0
    search_index.build_index(site, keep=keep)
    assert runs[0] == 2
    prepared[0] = 0
    search_index.build_index(site, keep=keep)  # nothing changed: both bundles kept, no page prepared again
    assert runs[0] == 2 and prepared[0] == 0
    page = next(p for p in sorted(site.glob("cuda/*/index.html")))
    html = page.read_text(encoding="utf-8")
    # A word in the English page's text, not in its title or aliases (which the Chinese page's index holds too).
    page.write_text(re.sub(r"(<div data-pagefind-body\b[^>]*>)", r"\1<p>kepttestword</p>", html, count=1),
                    encoding="utf-8")
    written = search_index.COPY_PAGES_WRITTEN
    written[0] = 0
    search_index.build_index(site, keep=keep)
    assert runs[0] == 3  # English only
    assert prepared[0] == 2  # the page, and its translation (whose hidden terms read the English page)
    assert written[0] == 1  # the English copy's page: the other pages of the copy are Pagefind's already
    kept = _bundle(site)
    assert [url for url, f in fragments(site).items() if "kepttestword" in f["content"]] == [
        f"/cuda/{page.parent.name}/"]
    search_index.build_index(site)  # from scratch: the same bytes
    assert _bundle(site) == kept
    page.unlink()  # a page gone is gone from the kept copy, and from the index
    search_index.build_index(site, keep=keep)
    assert not (keep / "copy-en/0" / page.relative_to(site)).exists()
    assert [url for url, f in fragments(site).items() if "kepttestword" in f["content"]] == []
    copy = {p.relative_to(keep / "copy-en/0") for p in (keep / "copy-en/0").rglob("*") if p.is_file()}
    assert copy == set(search_index.read_pages(site)["en"]) and len(copy) >= 4


def test_a_language_prepared_in_its_own_process_is_prepared_as_in_this_one(tmp_path: Path, seed_site: Path) -> None:
    import shutil

    site = tmp_path / "site"
    shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
    english = {rel: site / rel for rel in search_index.read_pages(site)["en"]}
    search_index.finish_preparing(search_index.start_preparing(site, "zh", english), site, "zh")
    copy = search_index.staging_copy(site, "zh") / "0"  # one slice
    made = {p.relative_to(copy): p.read_text(encoding="utf-8") for p in copy.rglob("*") if p.is_file()}
    pages = search_index.read_pages(site, under=site / "zh")["zh"]
    expected = search_index.prepared(pages, "zh", search_index.SourcePages(english), search_index.synonym_groups())
    assert made == expected and len(made) >= 4
    assert not list(site.glob(".ee-search-sources-*"))  # the list of English sources is gone
    # A failure there stops the build with what the process said, and leaves no list behind.
    shutil.rmtree(copy.parent)
    copy.parent.write_text("not a folder", encoding="utf-8")
    with pytest.raises(search_index.SearchIndexError, match=r"(?s)preparing the zh pages failed: .*NotADirectoryError"):
        search_index.finish_preparing(search_index.start_preparing(site, "zh", english), site, "zh")
    assert not list(site.glob(".ee-search-sources-*"))


def test_a_language_prepared_a_chunk_at_a_time_is_the_copy_of_all_its_pages_at_once(
        tmp_path: Path, seed_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """prepare_slices reads and prepares PREPARE_CHUNK pages at a time (memory), and writes the slices write_slices
    writes of the whole language's copy."""
    import shutil

    site = tmp_path / "site"
    shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
    monkeypatch.setattr(search_index, "PREPARE_CHUNK", 2)
    monkeypatch.setattr(search_index, "SLICE_PAGES", 2)
    groups = search_index.synonym_groups()
    english = search_index.SourcePages({rel: site / rel for rel in search_index.read_pages(site)["en"]})

    def tree(folder: Path) -> dict[str, str]:
        return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in folder.rglob("*")
                if p.is_file()}

    for lang, under, skip, source in (("en", None, ["zh"], {}), ("zh", site / "zh", [], english)):
        pages = search_index.read_pages(site, under=under, skip=skip)[lang]
        expected = search_index.write_slices(search_index.prepared(pages, lang, source, groups), tmp_path / f"a-{lang}")
        made = search_index.prepare_slices(site, lang, source, tmp_path / f"b-{lang}", under=under, skip=skip)
        assert [p.name for p in made] == [p.name for p in expected] == ["0", "1", "2"]
        assert tree(tmp_path / f"b-{lang}") == tree(tmp_path / f"a-{lang}") and len(pages) == 5
    assert search_index.prepare_slices(site, "fr", {}, tmp_path / "c") == [] and not (tmp_path / "c").exists()


def test_a_language_of_many_pages_is_indexed_in_slices_that_hold_each_page_once(
        tmp_path: Path, seed_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over SLICE_PAGES pages a language is indexed in slices, each its own Pagefind run (memory), merged by the search
    box: together they hold every page once, with the text one run over all of them stores."""
    import shutil

    site, whole = tmp_path / "site", tmp_path / "whole"
    shutil.copytree(seed_site, whole, ignore=shutil.ignore_patterns("pagefind"))
    shutil.copytree(whole, site)
    assert build_index(whole) == {"en": 5, "zh": 5}
    monkeypatch.setattr(search_index, "SLICE_PAGES", 2)
    runs = search_index.PAGEFIND_RUNS
    runs[0] = 0
    assert build_index(site) == {"en": 5, "zh": 5}
    assert runs[0] == 6  # three slices a language
    assert json.loads((site / "pagefind" / search_index.SLICES_FILE).read_text(encoding="utf-8")) == {
        "en": ["en-1", "en-2"], "zh": ["zh-1", "zh-2"]}
    found = {url: f["content"] for url, f in fragments(site).items()}
    assert found == {url: f["content"] for url, f in fragments(whole).items()} and len(found) == 10
    per_slice = [len(list(folder.glob("fragment/*.pf_fragment"))) for folder in
                 (site / "pagefind", *(site / "pagefind" / name for name in ("en-1", "en-2", "zh-1", "zh-2")))]
    assert sum(per_slice) == 10 and all(per_slice)
    for name in ("en-1", "zh-2"):  # a later slice keeps its index only: scripts and WebAssembly come from the first
        kept = {p.name for p in (site / "pagefind" / name).iterdir() if p.is_file()}
        assert "pagefind-entry.json" in kept and all(n == "pagefind-entry.json" or n.endswith(".pf_meta") for n in kept)
        entry = json.loads((site / "pagefind" / name / "pagefind-entry.json").read_text(encoding="utf-8"))
        assert list(entry["languages"]) == [name[:2]]
    assert not list(site.rglob(".ee-*"))  # the folders slices are written into first are gone
    # Two Pagefind runs at once (PAGEFIND_JOBS) write what one after the other writes.
    sliced = _bundle(site)
    monkeypatch.setattr(search_index, "PAGEFIND_JOBS", 1)
    build_index(site)
    assert _bundle(site) == sliced


def test_a_pages_slice_depends_on_its_path_and_the_number_of_slices_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_index, "SLICE_PAGES", 100)
    pages = {Path(f"e{i}/index.html"): f"page {i}" for i in range(950)}
    before = search_index.slices(pages)
    assert len(before) == 10 and all(before) and sum(map(len, before)) == 950
    edited = pages | {Path("e7/index.html"): "page 7, edited"}
    after = search_index.slices(edited)
    assert [k for k in range(10) if before[k] != after[k]] == [
        k for k in range(10) if Path("e7/index.html") in before[k]]
    # Two pages whose hashes name the same slice of two: dealt one to each instead (no slice is ever empty).
    monkeypatch.setattr(search_index, "SLICE_PAGES", 1)
    same = [p for p in (Path(f"p{i}") for i in range(50)) if search_index._slice_key(p) % 2 == 0][:2]
    assert sorted(map(len, search_index.slices(dict.fromkeys(same, "")))) == [1, 1]


def test_an_edit_reindexes_only_the_slice_of_the_page_it_changed(tmp_path: Path, seed_site: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    monkeypatch.setattr(search_index, "SLICE_PAGES", 2)
    site, keep = tmp_path / "site", tmp_path / "keep"
    shutil.copytree(seed_site, site, ignore=shutil.ignore_patterns("pagefind"))
    runs = search_index.PAGEFIND_RUNS
    runs[0] = 0
    search_index.build_index(site, keep=keep)
    assert runs[0] == 6
    page = next(p for p in sorted(site.glob("cuda/*/index.html")))
    html = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"(<div data-pagefind-body\b[^>]*>)", r"\1<p>slicetestword</p>", html, count=1),
                    encoding="utf-8")
    search_index.build_index(site, keep=keep)
    assert runs[0] == 7  # the English slice of the page
    assert [url for url, f in fragments(site).items() if "slicetestword" in f["content"]] == [
        f"/cuda/{page.parent.name}/"]
    kept = _bundle(site)
    search_index.build_index(site)  # from scratch: the same bytes
    assert _bundle(site) == kept
    monkeypatch.setattr(search_index, "SLICE_PAGES", 1000)  # one slice again: the kept slices after it are dropped
    search_index.build_index(site, keep=keep)
    assert sorted(p.name for p in (keep / "bundle-en").iterdir()) == ["0"]
    assert json.loads((site / "pagefind" / search_index.SLICES_FILE).read_text(encoding="utf-8")) == {}
    assert len(fragments(site)) == 10
