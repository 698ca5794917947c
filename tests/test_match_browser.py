"""The paste box in headless Chromium: real tracebacks in en and zh, `?q=` links, header-search pastes,
no index bytes before interaction, and a catastrophic pattern that must not freeze the page."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from generator.paths import ROOT
from tests.browser import browser, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TRACEBACK = (ROOT / "entries/pytorch/embedding-index-out-of-range.repro/output.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def chromium():
    with browser() as b:
        yield b


def open_page(chromium, url: str):
    page = chromium.new_page()
    log: dict[str, list[str]] = {"console": [], "requests": []}
    page.on("console", lambda m: log["console"].append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: log["console"].append(f"pageerror: {e}"))
    page.on("request", lambda r: log["requests"].append(r.url))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page, log


def result_ids(page) -> list[str]:
    items = page.locator(".ee-match__result")
    items.first.wait_for(timeout=10_000)
    return [items.nth(i).get_attribute("data-entry") for i in range(items.count())]


@pytest.mark.parametrize("lang, prefix, label", [("en", "/", "Best workaround"), ("zh", "/zh/", "最佳解决办法")])
def test_real_pytorch_traceback_in_home_box_finds_its_entry_first(chromium, real_site: Path, lang: str, prefix: str,
                                                                  label: str) -> None:
    with serve(real_site) as base:
        page, log = open_page(chromium, base + prefix)
        assert not [u for u in log["requests"] if "/match-" in u or "worker.js" in u], "fetched before interaction"
        box = page.locator("#ee-match-input")
        box.focus()
        box.fill(TRACEBACK)
        assert result_ids(page)[0] == "pytorch/embedding-index-out-of-range"
        first = page.locator(".ee-match__result").first
        assert first.locator("a").get_attribute("href") == base + prefix + "pytorch/embedding-index-out-of-range/"
        assert first.locator("mark").first.inner_text() == "Assertion `srcIndex < srcSelectDimSize` failed"
        assert label in first.inner_text()
        if lang == "zh":
            assert "断言" in first.locator("a").inner_text()
        assert [u for u in log["requests"] if u.endswith("match-index.json")]
        # Display text: only this language's shards of the results shown, each once; no similarity words for
        # an exact match.
        index = json.loads((real_site / "assets/generated/match-index.json").read_text(encoding="utf-8"))
        ids = [e["id"] for e in index["entries"]]
        shards = {ids.index(i) // index["display_shard"] for i in result_ids(page)}
        fetched = [u for u in log["requests"] if "/match-display/" in u]
        assert sorted(fetched) == sorted(f"{base}/assets/generated/match-display/{lang}/{k}.json" for k in shards)
        assert not [u for u in log["requests"] if "match-words" in u]
        assert not [c for c in log["console"] if c.startswith(("error", "pageerror", "warning"))], log["console"]


def test_q_deep_link_on_the_match_page(chromium, seed_site: Path) -> None:
    with serve(seed_site) as base:
        paste = "CUDA error: invalid sync object"
        page, _ = open_page(chromium, f"{base}/zh/match/?q={quote(paste)}")
        assert result_ids(page)[0] == "cuda/cuda-error-invalid-sync-object"
        assert page.locator("#ee-match-input").input_value() == paste
        assert not page.evaluate("document.getElementById('__search').checked")  # Material's dialog stays shut
        page.wait_for_timeout(100)
        assert "q=" in page.url


def test_nothing_similar_offers_full_text_search(chromium, seed_site: Path) -> None:
    with serve(seed_site) as base:
        page, log = open_page(chromium, f"{base}/match/?q={quote('the quick brown fox')}")
        page.locator(".ee-match__none").wait_for(timeout=10_000)
        assert [u for u in log["requests"] if u.endswith("/match-words.json")]  # needed to look for similar ones
        assert not [u for u in log["requests"] if "/match-display/" in u]  # nothing to show
        page.locator(".ee-match__search").click()
        assert page.evaluate("document.getElementById('__search').checked")


def test_similar_results_fetch_the_words_then_show_their_text(chromium, real_site: Path) -> None:
    with serve(real_site) as base:
        paste = "illegal memory access somewhere in my kernel, encountered twice"
        page, log = open_page(chromium, f"{base}/zh/match/?q={quote(paste)}")
        result_ids(page)
        assert page.locator(".ee-match__similar").count() > 0
        first = page.locator(".ee-match__result").first
        assert first.locator("a").inner_text().strip() and "最佳解决办法" in first.inner_text()
        assert [u for u in log["requests"] if u.endswith("/match-words.json")]
        shards = [u.split("/match-display/")[1] for u in log["requests"] if "/match-display/" in u]
        assert {s.split("/")[0] for s in shards} == {"zh"}


def test_error_pasted_into_header_search_opens_the_match_page(chromium, seed_site: Path) -> None:
    with serve(seed_site) as base:
        page, _ = open_page(chromium, base + "/")
        page.locator(".md-search__input").first.click()
        page.evaluate("""(text) => {
            const data = new DataTransfer(); data.setData('text/plain', text);
            document.querySelector('.md-search__input').dispatchEvent(
                new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
        }""", "Traceback (most recent call last):\nRuntimeError: CUDA error: invalid sync object")
        page.wait_for_url("**/match/?q=*", timeout=10_000)
        assert result_ids(page)[0] == "cuda/cuda-error-invalid-sync-object"


def test_slow_pattern_does_not_freeze_the_page(chromium, seed_site: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(seed_site, site)
    path = site / "assets/generated/match-index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    # Exponential in any backtracking engine; the build gate would never let it through.
    index["entries"].append({"id": "cuda/zz-slow", "s": "slow", "re": "^(a+)+$", "lit": ["aaaa"]})
    path.write_text(json.dumps(index), encoding="utf-8")
    with serve(site) as base:
        page, log = open_page(chromium, base + "/match/")
        box = page.locator("#ee-match-input")
        box.focus()
        box.fill("a" * 40 + "!\nCUDA error: invalid sync object")
        page.wait_for_timeout(300)
        start = time.perf_counter()
        assert page.evaluate("1 + 1") == 2  # the main thread answers while the worker is stuck
        assert time.perf_counter() - start < 5  # a blocked main thread would not answer at all (the regex never ends)
        assert result_ids(page)[0] == "cuda/cuda-error-invalid-sync-object"
        assert "cuda/zz-slow" not in result_ids(page)
        assert any("cuda/zz-slow" in c for c in log["console"] if c.startswith("warning")), log["console"]


# Long pastes: the matcher reads both ends (generator/match/engine.py: normalise_cut) and the page says so.
NOISE = "[step 1200] loss=0.4817 lr=1.0e-04 grad_norm=2.31 throughput=812.5 samples/s eta=3:12:09 gpu_mem=61.2GiB\n"
LONG_TIMES = 5_000_000 // len(NOISE) + 1  # > 5 MB of log before the traceback
MAKE_LOG = "([noise, times, tail]) => noise.repeat(times) + tail"


def test_5_mb_log_in_the_paste_box_finds_the_traceback_at_its_end(chromium, real_site: Path) -> None:
    with serve(real_site) as base:
        page, log = open_page(chromium, base + "/match/")
        page.locator("#ee-match-input").focus()
        elapsed = page.evaluate("""async ([noise, times, tail]) => {
            const data = new DataTransfer();
            data.setData("text/plain", noise.repeat(times) + tail);
            const area = document.getElementById("ee-match-input");
            const t0 = performance.now();
            area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
            while (!document.querySelector(".ee-match__result")) await new Promise((r) => setTimeout(r, 10));
            return performance.now() - t0;
        }""", [NOISE, LONG_TIMES, TRACEBACK])
        assert result_ids(page)[0] == "pytorch/embedding-index-out-of-range"
        # A hang guard, not the speed target: the time (0.7-1.4 s on the real site) is measured by the benchmark
        # (benchmarks/match/README.md); wall time here stretches several-fold on a loaded machine.
        assert elapsed < 20_000, f"{elapsed:.0f} ms from paste to results (worker start and index download included)"
        value = page.locator("#ee-match-input").input_value()  # what the matcher reads, not 5 MB to lay out
        assert value.startswith(NOISE) and value.endswith(TRACEBACK) and "\n\u2026\n" in value
        assert len(value) == 1_048_576 + 3
        notes = page.locator(".ee-match__cut").all_inner_texts()
        assert notes == ["Long paste: only its first and last 524,288 characters were read (errors are usually "
                         "there); the middle was skipped."]
        assert not [c for c in log["console"] if c.startswith(("error", "pageerror", "warning"))], log["console"]


def test_long_line_note_in_chinese(chromium, seed_site: Path) -> None:
    with serve(seed_site) as base:
        page, _ = open_page(chromium, base + "/zh/match/")
        page.evaluate("""(tail) => {
            const area = document.getElementById("ee-match-input");
            area.value = "0123456789abcdef".repeat(12500) + " " + tail;
            area.dispatchEvent(new Event("input"));
        }""", "RuntimeError: CUDA error: invalid sync object")
        assert result_ids(page)[0] == "cuda/cuda-error-invalid-sync-object"
        assert page.locator(".ee-match__cut").all_inner_texts() == [
            "有 1 行超过 4,096 个字符：每行只读取了开头和结尾各 2,046 个字符。"]


def test_paste_over_the_storage_quota_into_header_search_still_opens_the_match_page(chromium, real_site: Path) -> None:
    """6 M characters exceed sessionStorage's quota (about 5 M in Chromium): only what the matcher reads is
    handed over, and the match page gives the answer the whole paste gives."""
    with serve(real_site) as base:
        page, _ = open_page(chromium, base + "/")
        page.locator(".md-search__input").first.click()
        length = page.evaluate("""([noise, times, tail]) => {
            const text = noise.repeat(times) + tail;
            const data = new DataTransfer(); data.setData("text/plain", text);
            document.querySelector(".md-search__input").dispatchEvent(
                new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
            return text.length;
        }""", [NOISE, 6_000_000 // len(NOISE) + 1, TRACEBACK])
        assert length > 6_000_000
        page.wait_for_url("**/match/?from=search", timeout=10_000)
        assert result_ids(page)[0] == "pytorch/embedding-index-out-of-range"
        assert page.locator(".ee-match__cut").count() == 1
