"""The site search's index: Pagefind (https://pagefind.app), run over the built site by the MkDocs hook once every
language is written, into `<site>/pagefind/`. The browser loads only the index of the page's language (Pagefind
keeps one per `<html lang>`) and fetches the parts a query needs; the header's search box is
docs/assets/javascripts/search.js.

What is indexed: the pages that mark a region `data-pagefind-body` (entries and articles: overrides/main.html wraps
their content in one), without the regions marked `data-pagefind-ignore` (badges, links, tables, diagrams,
editorial history, and on a translated page every text shown only as its English fallback).

Chinese (and any language whose queries Pagefind splits into words in the browser: Japanese, Thai) is segmented here
with the browser's own segmenter (Intl.Segmenter, ICU, through Node: generator/build/segment.cjs), and the index is
built from a copy of those pages with a space between the words. Pagefind's own segmenter (its "extended" build) splits
text differently from Intl.Segmenter, which it uses on the query (序号 is one word to it, 序 / 号 to ICU): a word
the two split differently is never found. The served pages are not changed; the search box removes the spaces
from the titles and excerpts it shows."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

from generator.l10n.languages import languages

BUNDLE = "pagefind"
BODY = "data-pagefind-body"
# Languages whose queries Pagefind's browser code splits with Intl.Segmenter (its `needsWordSegmentation`).
SEGMENTED = frozenset({"zh", "ja", "th"})
NODE_SCRIPT = Path(__file__).resolve().parent / "segment.cjs"
# Not searched, on every entry page (a selector here costs no bytes on the pages, unlike data-pagefind-ignore):
# Material's heading permalinks ("¶") and copy buttons, the badges, the one-sentence lead (the root cause's first
# sentence again), the note on the workarounds' order, and the <small> lines under workarounds and dead ends
# (sources, reports, "tested on GPU").
EXCLUDE_SELECTORS = (".headerlink", ".md-clipboard", ".ee-badges", ".ee-lead", ".ee-order-note", "small")
UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css",
          "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
_HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]+)\"", re.I)
_TEXT = re.compile(r">([^<]+)<")


class SearchIndexError(RuntimeError):
    pass


def pagefind_executable() -> Path:
    """The Pagefind binary of the `pagefind-bin` package (requirements.lock)."""
    spec = importlib.util.find_spec("pagefind_bin")
    if spec is None or spec.origin is None:
        raise SearchIndexError("pagefind-bin is not installed (make setup installs requirements.lock)")
    path = Path(spec.origin).parent / "pagefind"
    if not path.is_file():
        raise SearchIndexError(f"the pagefind-bin package has no binary at {path}")
    return path


def page_language(html: str) -> str:
    m = _HTML_LANG.search(html[:2000])
    return m.group(1).split("-")[0].lower() if m else ""


def segment(texts: list[str], lang: str) -> list[list[str]]:
    """Each text split into words as Intl.Segmenter splits it for `lang`."""
    node = shutil.which("node")
    if node is None:
        raise SearchIndexError("node is needed to segment the search index's Chinese text (make setup)")
    proc = subprocess.run([node, str(NODE_SCRIPT)], input=json.dumps({"lang": lang, "texts": texts}),
                          capture_output=True, text=True, encoding="utf-8", check=False, timeout=300)
    if proc.returncode != 0:
        raise SearchIndexError(f"segmenting {lang} text failed: {proc.stderr.strip()[-500:]}")
    out: list[list[str]] = json.loads(proc.stdout)
    return out


def run_pattern(lang: str) -> re.Pattern[str] | None:
    """Runs of the language's script (config/languages.yml `script`) that Pagefind segments in the browser."""
    codes = languages().codes
    if lang not in SEGMENTED or lang not in codes or not languages().get(lang).script:
        return None
    return re.compile(f"(?:{languages().get(lang).script}){{2,}}")


def spaced(pages: dict[Path, str], lang: str) -> dict[Path, str]:
    """The pages with a space between the words of every run of the language's script in their text."""
    pattern = run_pattern(lang)
    if pattern is None:
        return pages
    runs = sorted({run for html in pages.values() for text in _TEXT.findall(html) for run in pattern.findall(text)})
    words = dict(zip(runs, segment(runs, lang), strict=True))

    def text(m: re.Match[str]) -> str:
        return ">" + pattern.sub(lambda r: " ".join(w for w in words[r.group(0)] if w.strip()), m.group(1)) + "<"

    return {path: _TEXT.sub(text, html) for path, html in pages.items()}


def indexed_pages(site: Path) -> Iterable[Path]:
    for path in sorted(site.rglob("*.html")):
        if BUNDLE not in path.relative_to(site).parts[:1]:
            yield path


def build_index(site: Path) -> dict[str, int]:
    """Write `<site>/pagefind/`; returns the number of pages indexed in each language."""
    by_lang: dict[str, dict[Path, str]] = {}
    for path in indexed_pages(site):
        html = path.read_text(encoding="utf-8")
        if BODY in html:
            by_lang.setdefault(page_language(html), {})[path.relative_to(site)] = html
    shutil.rmtree(site / BUNDLE, ignore_errors=True)
    if not by_lang:  # nothing to search (Pagefind refuses to build an empty index); the box then finds nothing
        return {}
    with tempfile.TemporaryDirectory(prefix="search-index-") as tmp:
        copy = Path(tmp) / "site"
        for lang, pages in by_lang.items():
            for rel, html in spaced(pages, lang).items():
                (copy / rel).parent.mkdir(parents=True, exist_ok=True)
                (copy / rel).write_text(html, encoding="utf-8")
        command = [str(pagefind_executable()), "--site", str(copy), "--output-path", str(site / BUNDLE), "--quiet"]
        for selector in EXCLUDE_SELECTORS:
            command += ["--exclude-selectors", selector]
        proc = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    if proc.returncode != 0:
        raise SearchIndexError(f"pagefind failed: {(proc.stdout + proc.stderr).strip()[-2000:]}")
    for name in UNUSED:  # Pagefind's own search UIs: the header box (search.js) uses its API, pagefind.js, only
        (site / BUNDLE / name).unlink(missing_ok=True)
    # Pagefind lists the languages in no fixed order: sorted, the same sources build the same bytes.
    entry = site / BUNDLE / "pagefind-entry.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return {lang: len(pages) for lang, pages in sorted(by_lang.items())}
