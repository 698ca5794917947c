"""The README's screenshots, taken from a built site (make build first) in headless Chromium:

    .venv/bin/python -m tools.screenshots [SITE_DIR] [OUT_DIR]

Serves SITE_DIR (default site/) on a local port, as a static host would, and writes one PNG per view into OUT_DIR
(default .github/screenshots/). Each view says which page, at which size, in which language and theme; looking at
them is the point (issue #11): a page that renders wrong shows it here first."""
from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

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
    View("not-found", "this-page-does-not-exist/", DESKTOP),
    View("tags", "browse/tags/", DESKTOP),
    View("search-zh", "zh/", DESKTOP, query="内存不足"),
)


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # quiet: the shots are the output
            pass

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            # A static host answers a missing page with the site's 404.html, as GitHub Pages does.
            if code == 404 and (site / "404.html").exists():
                body = (site / "404.html").read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().send_error(code, message, explain)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _search(page: Page, query: str) -> None:
    """Open the header's search and type the query, as a reader would; wait for results (or the no-result text)."""
    page.keyboard.press("/")  # Material and the Pagefind box both focus their search on '/'
    page.keyboard.type(query, delay=60)
    page.wait_for_timeout(2500)


def take(site: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server, base = _serve(site)
    written = []
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for v in VIEWS:
                context = browser.new_context(viewport=v.size, color_scheme="dark" if v.dark else "light",
                                              device_scale_factor=1)
                page = context.new_page()
                if v.dark:  # the theme remembers the reader's choice; start this page in the dark palette
                    page.add_init_script("localStorage.setItem('/.__palette', JSON.stringify({index: 1}))")
                page.goto(base + v.path, wait_until="networkidle")
                if v.query:
                    _search(page, v.query)
                target = out / f"{v.name}.png"
                page.screenshot(path=str(target), full_page=v.full_page)
                written.append(target)
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return written


def main(argv: list[str]) -> None:
    site = Path(argv[0]) if argv else ROOT / "site"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / ".github" / "screenshots"
    for path in take(site, out):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
