"""The site search (Pagefind, issue #11) driven through the real header search box in headless Chromium, on the site
built from the repository's entries: readers' queries in English and Chinese find the right entry in the top 3, a
query without an entry says so and offers the matcher, and the first result comes quickly.

tests/search_queries.json holds the queries (and the entries that count as right). A held-out set, written before
the search was tuned and kept outside the repository, runs too when SEARCH_HELDOUT names its file."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.browser import browser, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

QUERIES = Path(__file__).parent / "search_queries.json"
MIN_TOP3 = 0.9
HOME = {"en": "/", "zh": "/zh/"}
NO_ENTRY = "nvshmem_init failed"  # no entry mentions NVSHMEM


@pytest.fixture(scope="module")
def chromium():
    with browser() as b:
        yield b


def open_home(chromium, base: str, lang: str):
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("request", lambda r: not r.url.startswith(base) and problems.append(f"external request: {r.url}"))
    page.goto(base + HOME[lang])
    page.wait_for_load_state("networkidle")
    return page, problems


def ask(page, query: str) -> list[str]:
    """Type `query` into the header search box; the result links, best first, once the list answers it."""
    box = page.locator(".md-search__input")
    box.click()
    box.fill(query)
    page.wait_for_function("q => document.querySelector('.md-search-result').dataset.query === q", arg=query,
                           timeout=15_000)
    links = page.locator(".md-search-result__item > a")
    return [links.nth(i).get_attribute("href") or "" for i in range(links.count())]


def entry_id(href: str, lang: str) -> str:
    path = href.split("#")[0].split("?")[0].strip("/")
    return path.removeprefix(f"{lang}/") if lang != "en" else path


def top3_rate(chromium, site: Path, queries: list[dict]) -> tuple[float, list[str]]:
    hits, misses = 0, []
    with serve(site) as base:
        for lang in sorted({q["lang"] for q in queries}):
            page, problems = open_home(chromium, base, lang)
            for q in (q for q in queries if q["lang"] == lang):
                top = [entry_id(h, lang) for h in ask(page, q["query"])[:3]]
                if set(top) & set(q["expected"]):
                    hits += 1
                else:
                    misses.append(f"{lang} {q['query']!r}: {top} (expected one of {q['expected']})")
            assert problems == []
            page.close()
    return hits / len(queries), misses


def test_readers_queries_find_the_entry_in_the_top_3(chromium, real_site: Path) -> None:
    queries = json.loads(QUERIES.read_text(encoding="utf-8"))["queries"]
    assert len(queries) >= 30 and {q["lang"] for q in queries} == {"en", "zh"}
    rate, misses = top3_rate(chromium, real_site, queries)
    print(f"\nsearch: {rate:.0%} of {len(queries)} queries find the entry in the top 3; misses: {misses}")
    assert rate >= MIN_TOP3, misses


def test_an_index_in_slices_finds_the_entries_one_index_finds(chromium, real_site: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A language of more than SLICE_PAGES pages is indexed in slices that the search box merges, ranked together by
    score though each slice scores with its own word statistics. Here the real site in slices of 60 pages (a large
    site's are 1,000): the readers' queries still find their entries (with one index: 36 of 36; in slices of 60:
    35 of 36; held-out queries, 90 of 110 either way, 2026-11-29)."""
    import shutil

    from generator.build import search_index

    site = tmp_path / "site"
    shutil.copytree(real_site, site, ignore=shutil.ignore_patterns("pagefind"))
    monkeypatch.setattr(search_index, "SLICE_PAGES", 60)
    search_index.build_index(site)
    more = json.loads((site / "pagefind" / search_index.SLICES_FILE).read_text(encoding="utf-8"))
    assert len(more["en"]) >= 3 and len(more["zh"]) >= 3
    queries = json.loads(QUERIES.read_text(encoding="utf-8"))["queries"]
    rate, misses = top3_rate(chromium, site, queries)
    print(f"\nsearch in slices: {rate:.0%} of {len(queries)} queries find the entry in the top 3; misses: {misses}")
    assert rate >= MIN_TOP3, misses


@pytest.mark.skipif(not os.environ.get("SEARCH_HELDOUT"), reason="SEARCH_HELDOUT names no held-out query file")
def test_held_out_queries_find_the_entry_in_the_top_3(chromium, real_site: Path) -> None:
    queries = json.loads(Path(os.environ["SEARCH_HELDOUT"]).read_text(encoding="utf-8"))["queries"]
    rate, misses = top3_rate(chromium, real_site, queries)
    print(f"\nsearch (held out): {rate:.0%} of {len(queries)} queries find the entry in the top 3; misses: {misses}")
    assert rate >= MIN_TOP3, misses


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_query_without_an_entry_says_so_and_offers_the_matcher(chromium, real_site: Path, lang: str) -> None:
    with serve(real_site) as base:
        page, problems = open_home(chromium, base, lang)
        ask(page, NO_ENTRY)  # pages with some of its words may follow, under the notice
        said = page.locator(".md-search-result__meta").inner_text()
        assert NO_ENTRY in said
        assert page.locator(".md-search-result.ee-search--none").count() == 1
        link = page.locator(".md-search-result .ee-search__paste")
        href = link.get_attribute("href") or ""
        assert href.startswith(base + HOME[lang] + "match/?q=") and "nvshmem_init" in href
        link.click()
        page.wait_for_load_state("networkidle")
        assert page.locator(".ee-match__input").input_value() == NO_ENTRY  # the matcher has the query
        assert problems == []


@pytest.mark.parametrize(("lang", "query", "left_out", "expected"), [
    ("en", "illegal memory acess", "acess", {"cuda/illegal-address", "cuda/illegal-memory-access-after-free"}),
    ("zh", "显存不足怎么办", "怎么", {"pytorch/cuda-out-of-memory", "cuda/memory-allocation", "cupy/out-of-memory",
                                  "ecosystem/paddle-out-of-memory", "tensorrt/out-of-memory"}),
    # a reader's own words around an error name: function words go first, then the rest one by one, then the
    # identifier alone
    ("zh", "CUBLAS_STATUS_EXECUTION_FAILED 推理的时候报错", "的", {"cublas/execution-failed"}),
    # a Chinese question around the English message as printed: the message alone answers it
    ("zh", "跑模型的时候 an illegal memory access was encountered", "的", {"cuda/illegal-address"}),
])
def test_a_word_no_entry_has_is_left_out_and_named(chromium, real_site: Path, lang: str, query: str, left_out: str,
                                                   expected: set[str]) -> None:
    """Pagefind finds only pages with every word: the box asks again without the words no page has (a typo, a word
    the pages do not use) and says which it left out."""
    with serve(real_site) as base:
        page, problems = open_home(chromium, base, lang)
        top = [entry_id(h, lang) for h in ask(page, query)[:3]]
        assert set(top) & expected, top
        assert page.locator(".md-search-result.ee-search--relaxed").count() == 1
        assert page.locator(".md-search-result.ee-search--none").count() == 0
        assert left_out in page.locator(".md-search-result__meta").inner_text()
        assert problems == []


def test_the_english_run_of_a_mixed_query_is_found_as_the_error_printed(chromium, real_site: Path) -> None:
    """A Chinese query around an English run of two words or more: the pages with that run come first, even one that
    lacks a word of the reader's own (找不到), which Pagefind's answer to the whole query leaves out."""
    with serve(real_site) as base:
        page, problems = open_home(chromium, base, "zh")
        ask(page, "x")  # loads search.js's module
        runs = page.evaluate("""async (qs) => {
            const m = await import(document.querySelector('script[src*="search.js"]').src);
            return qs.map((q) => m.printedRun(q));
        }""", ["nvidia-smi 报 Driver/library version mismatch", "容器里 nvidia-smi 报 Unknown Error",
              "多卡训练 NCCL 超时", "NCCL timeout", "显存不足"])
        assert runs == ["Driver/library version mismatch", "Unknown Error", None, None, None]
        top = [entry_id(h, "zh") for h in ask(page, "docker 找不到 nvidia runtime")[:3]]
        assert top[0] == "driver/docker-unknown-runtime-nvidia", top
        assert problems == []


def test_a_query_with_an_entry_is_not_told_there_is_none(chromium, real_site: Path) -> None:
    with serve(real_site) as base:
        page, problems = open_home(chromium, base, "en")
        page.keyboard.press("/")  # Material's search key opens the box
        assert page.evaluate("document.activeElement.classList.contains('md-search__input')")
        assert page.evaluate("document.getElementById('__search').checked")
        for query in ("illegal memory access", "launch timeouts", "cudaErrorMemoryAllocation"):
            assert ask(page, query)
            assert page.locator(".md-search-result.ee-search--none").count() == 0, query
        assert problems == []


def test_first_result_comes_quickly_and_fetches_little(chromium, real_site: Path) -> None:
    """From typing the first query on a fresh page to the first result shown: Pagefind loads only the page
    language's index, and of it only the parts the query needs (its worker's requests count too)."""
    with serve(real_site) as base:
        for lang, query in (("en", "illegal memory access"), ("zh", "内存不足")):
            page, problems = open_home(chromium, base, lang)
            fetched: list[str] = []
            page.on("request", lambda r, into=fetched: "/pagefind/" in r.url
                    and into.append(r.url.removeprefix(base + "/")))
            start = time.monotonic()
            assert ask(page, query)
            seconds = time.monotonic() - start
            size = sum((real_site / rel.split("?")[0]).stat().st_size for rel in fetched)
            print(f"\nsearch {lang}: first result in {seconds:.2f} s, {len(fetched)} index files, {size / 1024:.0f} KB")
            assert seconds < 3.0 and size < 400_000
            other = "zh" if lang == "en" else "en"  # the other language's index is never fetched
            assert not [rel for rel in fetched if f"/{other}_" in rel or f".{other}_" in rel]
            assert problems == []
            page.close()
