"""Headless Chromium timings: a visitor's first search result, and paste-to-result for the matcher."""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.browser import browser, serve

QUERIES = {"en": "illegal memory access", "zh": "内存不足"}  # words the synthetic corpus's pages hold
PASTE_BOX = "#ee-paste textarea"  # the matcher's paste box (issue 3), when it is merged


def _wait_for(page: Page, selector: str) -> None:
    """Until an element matches `selector`, checked on every animation frame. Not Playwright's locator wait: it checks
    again after growing pauses (up to 500 ms), so a result shown just after one check was seen up to ~500 ms late
    (the first search result at 3,000 entries, 2026-11-29: shown at 354 ms, seen at 840)."""
    page.wait_for_function("s => document.querySelector(s) !== null", arg=selector, polling="raf", timeout=60_000)


def first_result(site: Path, runs: int = 3) -> dict[str, dict[str, float]]:
    """Per language, median of `runs` fresh pages: ms from typing a query into the header search box to its first
    result shown (Pagefind loads its index on the first query), and KiB of index files fetched for it (Pagefind's
    files are gzip-compressed already; pagefind.js, ~45 KiB of them, is not)."""
    out: dict[str, dict[str, float]] = {}
    with serve(site) as base, browser() as chromium:
        for lang, path in (("en", "/"), ("zh", "/zh/")):
            samples = []
            for _ in range(runs):
                page = chromium.new_page()
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                # Requests, not the page's resource timing: Pagefind's worker fetches most of the index.
                fetched: list[str] = []
                page.on("request", lambda r, into=fetched: "/pagefind/" in r.url
                        and into.append(r.url.removeprefix(base + "/").split("?")[0]))
                box = page.locator(".md-search__input")
                box.click()
                start = page.evaluate("performance.now()")
                box.fill(QUERIES[lang])
                _wait_for(page, ".md-search-result__item > a")
                ms = page.evaluate("performance.now()") - start
                samples.append((ms, sum((site / rel).stat().st_size for rel in fetched) / 1024))
                page.close()
            samples.sort()
            ms, kib = samples[len(samples) // 2]
            out[lang] = {"first_result_ms": ms, "fetched_kib": kib}
    return out


def paste_to_result(site: Path, message: str) -> float | None:
    """ms from pasting a message into the matcher's box to the first result link; None without a paste box."""
    with serve(site) as base, browser() as chromium:
        page = chromium.new_page()
        page.goto(base + "/")
        page.wait_for_load_state("networkidle")
        if page.locator(PASTE_BOX).count() == 0:
            return None
        start = page.evaluate("performance.now()")
        page.locator(PASTE_BOX).first.fill(message)
        _wait_for(page, "#ee-paste a[href]")
        return page.evaluate("performance.now()") - start
