"""The README's screenshots, taken from a built site (make build first) in headless Chromium:

    .venv/bin/python -m tools.screenshots [SITE_DIR] [OUT_DIR]

Serves SITE_DIR (default site/) on a local port (tests/browser.py, as the browser tests do) and writes one PNG per
view into OUT_DIR (default .github/screenshots/). Each view says which page, at which size, in which language and
theme; looking at them is the point (issue #11): a page that renders wrong shows it here first."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

from tests.browser import browser, serve

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class View:
    name: str  # the PNG's file name, without .png
    path: str  # the page, from the site's root
    size: dict[str, int]
    dark: bool = False
    full_page: bool = False
    query: str = ""  # typed into the site's search box before the shot


VIEWS = (
    View("entry-en", "cuda/illegal-address/", DESKTOP),
    View("entry-zh", "zh/cuda/illegal-address/", DESKTOP),
    View("entry-phone-en", "cuda/illegal-address/", PHONE),
    View("entry-phone-zh-dark", "zh/cuda/illegal-address/", PHONE, dark=True),
    View("not-found", "404.html", DESKTOP),  # what a static host serves for a missing address (links root-absolute)
    View("tags", "browse/tags/", DESKTOP),
    View("search-zh", "zh/", DESKTOP, query="内存不足"),
)


def _search(page: Page, query: str) -> None:
    """Open the header's search and type the query, as a reader would; wait for results (or the no-result text)."""
    page.keyboard.press("/")  # Material and the Pagefind box both focus their search on '/'
    page.keyboard.type(query, delay=60)
    page.wait_for_timeout(2500)


def take(site: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with serve(site) as base, browser() as chromium:
        for v in VIEWS:
            context = chromium.new_context(viewport=v.size, color_scheme="dark" if v.dark else "light",
                                           device_scale_factor=1)
            page = context.new_page()
            if v.dark:  # the theme remembers the reader's choice; start this page in the dark palette
                page.add_init_script("localStorage.setItem('/.__palette', JSON.stringify({index: 1}))")
            page.goto(f"{base}/{v.path}", wait_until="networkidle")
            if v.query:
                _search(page, v.query)
            target = out / f"{v.name}.png"
            page.screenshot(path=str(target), full_page=v.full_page)
            written.append(target)
            context.close()
    return written


def main(argv: list[str]) -> None:
    site = Path(argv[0]) if argv else ROOT / "site"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / ".github" / "screenshots"
    for path in take(site, out):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
