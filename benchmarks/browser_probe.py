"""Headless Chromium timings: how long until a visitor's search is ready, and paste-to-result for the matcher."""
from __future__ import annotations

from pathlib import Path

from tests.browser import browser, serve

# Material posts the index to its search worker (SETUP) and the worker answers when its lunr index is built
# (READY). Wrapping Worker timestamps both without touching Material's code.
_WORKER_CLOCK = """
(() => {
  const Base = window.Worker;
  window.__ee = {};
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { window.__ee.ready = window.__ee.ready || performance.now(); });
      const post = this.postMessage.bind(this);
      this.postMessage = (m, ...rest) => {
        window.__ee.setup = window.__ee.setup || performance.now();
        post(m, ...rest);
      };
    }
  };
})();
"""
_INDEX_TIMING = """() => {
  const r = performance.getEntriesByType("resource").find(e => e.name.includes("search_index.json"));
  return r ? {url: r.name, start: r.startTime, end: r.responseEnd} : null;
}"""
PASTE_BOX = "#ee-paste textarea"  # the matcher's paste box (issue 3), when it is merged


def search_ready(site: Path, runs: int = 3) -> dict[str, dict[str, float | str]]:
    """Per language: ms from navigation start to worker ready, and from the index request to ready (median)."""
    out: dict[str, dict[str, float | str]] = {}
    with serve(site) as base, browser() as chromium:
        for lang, path in (("en", "/"), ("zh", "/zh/")):
            samples = []
            for _ in range(runs):
                page = chromium.new_page()
                page.add_init_script(_WORKER_CLOCK)
                page.goto(base + path)
                page.wait_for_function("window.__ee && window.__ee.ready", timeout=120_000)
                clock = page.evaluate("window.__ee")
                fetch = page.evaluate(_INDEX_TIMING)
                samples.append((clock["ready"], clock["ready"] - (fetch["start"] if fetch else 0.0),
                                fetch["url"].replace(base, "") if fetch else "?"))
                page.close()
            samples.sort()
            mid = samples[len(samples) // 2]
            out[lang] = {"ready_ms": mid[0], "index_to_ready_ms": mid[1], "index_url": mid[2]}
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
        page.locator("#ee-paste a[href]").first.wait_for(timeout=60_000)
        return page.evaluate("performance.now()") - start
