"""Headless Chromium (Debian's package) against the built site served on 127.0.0.1."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import browser, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def chromium():
    with browser() as b:
        yield b


def open_page(chromium, base: str, path: str):
    page = chromium.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("request", lambda r: not r.url.startswith(base) and not r.url.startswith("data:")
            and problems.append(f"external request: {r.url}"))
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    return page, problems


@pytest.mark.parametrize("path, title", [("/", "CUDA Error Encyclopedia"), ("/zh/", "CUDA 错误百科")])
def test_home_renders_without_console_errors(chromium, seed_site: Path, path: str, title: str) -> None:
    with serve(seed_site) as base:
        page, problems = open_page(chromium, base, path)
        assert page.locator("h1").first.inner_text().rstrip("¶") == title  # each language its own title
        assert problems == []


def test_language_switch_lands_on_the_same_entry(chromium, seed_site: Path) -> None:
    with serve(seed_site) as base:
        page, problems = open_page(chromium, base, "/cuda/cuda-error-invalid-sync-object/")
        page.locator(".md-header__option .md-select").first.hover()
        page.locator('a[hreflang="zh"]').first.click()
        page.wait_for_load_state("networkidle")
        assert page.url == base + "/zh/cuda/cuda-error-invalid-sync-object/"
        assert "无效的同步对象" in page.locator("h1").first.inner_text()
        page.locator(".md-header__option .md-select").first.hover()
        page.locator('a[hreflang="en"]').first.click()
        page.wait_for_load_state("networkidle")
        assert page.url == base + "/cuda/cuda-error-invalid-sync-object/"
        assert problems == []


def search(page, query: str):
    """Type a query into the header search box (Pagefind, docs/assets/javascripts/search.js); its result links
    once the list answers this query."""
    box = page.locator(".md-search__input").first
    box.click()
    box.fill(query)
    page.wait_for_function("q => document.querySelector('.md-search-result').dataset.query === q", arg=query,
                           timeout=15_000)
    results = page.locator(".md-search-result__item > a")
    assert results.count(), f"no search results for {query!r}"
    return results


@pytest.mark.parametrize("query, expected", [("同步", "/zh/cuda/cuda-error-invalid-sync-object/"),
                                             ("释放", "/zh/cuda/illegal-memory-access-after-free/"),
                                             ("捕获", "/zh/cuda/stream-capture-invalid-scope/")])
def test_chinese_word_in_site_search_finds_its_page(chromium, seed_site: Path, query: str, expected: str) -> None:
    with serve(seed_site) as base:
        page, problems = open_page(chromium, base, "/zh/")
        results = search(page, query)
        hrefs = [results.nth(i).get_attribute("href") for i in range(min(results.count(), 5))]
        assert any(h and h.split("#")[0].split("?")[0].endswith(expected) for h in hrefs), hrefs
        assert problems == []


CSP_PAGES = ["/", "/zh/", "/cuda/illegal-address/", "/zh/cuda/illegal-address/", "/match/", "/404.html"]


@pytest.mark.parametrize("path", CSP_PAGES)
def test_content_security_policy_blocks_nothing_the_site_does(chromium, real_site: Path, path: str) -> None:
    """The policy is enforced (a violation is an event), and the site's own scripts, the theme's inline scripts,
    Mermaid and the search (Pagefind's WebAssembly) all run under it."""
    with serve(real_site) as base:
        page = chromium.new_page()
        page.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', "
                             "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI))")
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        if "illegal-address" in path:
            page.wait_for_selector("article div.mermaid", state="attached", timeout=15_000)
        if path in ("/", "/zh/"):
            search(page, "illegal address" if path == "/" else "非法")
        assert page.evaluate("window.__csp") == []
        # ...and it is in force: an inline handler added now is refused.
        page.evaluate("""() => { const i = document.createElement('img'); i.src = 'data:,';
                         i.setAttribute('onerror', 'window.__ran = 1'); document.body.append(i); }""")
        page.wait_for_timeout(200)
        assert page.evaluate("window.__ran") is None
        assert page.evaluate("window.__csp.length") >= 1
        page.close()
