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
from the titles and excerpts it shows.

Readers' words the page does not use are indexed too, as hidden terms in the index's copy of the page (never on the
served page): the synonyms of config/search_synonyms.yml for the words the page has, and on a translated page the
English page's title and the entry's aliases (error identifiers and other spellings of the message), so that a reader
who types what the English page says finds the Chinese one."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from html import escape, unescape
from pathlib import Path

import yaml

from generator.l10n.i18n import strings
from generator.l10n.languages import languages
from generator.l10n.translation import page_html
from generator.paths import CONFIG_DIR, child_env
from generator.workers import fork_map

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
# Pages per Pagefind run. Pagefind holds a run's whole index in memory, about 17 bytes per byte of text it reads
# (2.6 GB for one language at 10,000 entries), and has no incremental mode. So a language of more pages is indexed in
# slices of at most this many, one run after the other, each its own bundle that the search box merges in the browser
# (Pagefind's mergeIndex: the slices share the first one's WebAssembly, and their results are ranked together by
# score). An edit then re-indexes the slice of the page it changed. A page's slice is fixed by its path (slice_of).
SLICE_PAGES = 1000
SLICES_FILE = "ee-slices.json"  # in the bundle: language -> the folders of its slices after the first (search.js)
_HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]+)\"", re.I)
_TEXT = re.compile(r">([^<]+)<")
SYNONYMS_FILE = CONFIG_DIR / "search_synonyms.yml"
# The hidden terms count for less than the words a page shows (Pagefind weighs text 1 by default): a page that says
# 显存不足 ranks above one that only has it as the synonym of its 显存溢出.
HIDDEN_WEIGHT = 0.5
# The page's title as a reader may phrase it (each synonym of a word it holds in place of that word) weighs more: a
# reader's query is most often the error's name in the reader's words. Pagefind weighs an <h1> 7.
TITLE_WEIGHT = 3
MAX_TITLES = 8
# What the error is, on an entry page, beside its <h1> (which Pagefind weighs 7): the message as the program prints it
# (<pre class="ee-message">) and the line of its identifiers (code, enum name, library: <div class="ee-meta">). They
# weigh more than the body's text, which mentions other errors' messages and identifiers too (as causes, neighbours,
# workarounds), so that a page whose own message holds the query's words ranks above a page that only mentions them.
# Only in the index's copy: the served pages do not grow.
WEIGHTED = ((re.compile(r'<pre class="ee-message"'), 5), (re.compile(r'<div class="ee-meta"'), 3))
_TAG = re.compile(r"<[^>]*>")
_IGNORED = re.compile(r"<(\w+)\b[^>]*\bdata-pagefind-ignore\b[^>]*>.*?</\1>", re.S)
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.S)
_PERMALINK = re.compile(r"<a class=\"headerlink\"[^>]*>.*?</a>", re.S)
_CODE = re.compile(r"<code>(.*?)</code>", re.S)


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


def indexed_language(html: str) -> str | None:
    """The language a page is indexed in (page_language), or None for a page without a search region."""
    return page_language(html) if BODY in html else None


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


@dataclass(frozen=True)
class SynonymGroup:
    means: str
    terms: dict[str, tuple[str, ...]]  # language -> its terms


def synonym_groups(path: Path = SYNONYMS_FILE) -> list[SynonymGroup]:
    """The groups of config/search_synonyms.yml."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [SynonymGroup(str(g["means"]), {k: tuple(str(t) for t in v) for k, v in g.items() if k != "means"})
            for g in data.get("groups", [])]


def _has(text: str, lower: str, term: str) -> bool:
    if term.isascii():
        if term.lower() not in lower:  # the cheap test first: most terms are not on most pages
            return False
        return re.search(r"(?<![\w-])" + re.escape(term.lower()) + r"(?![\w-])", lower) is not None
    return term in text


def synonyms(text: str, lang: str, groups: list[SynonymGroup]) -> list[str]:
    """The terms of every group that `text` (a page of `lang`) holds a term of, that it does not hold itself. The
    English terms count on every page (error messages are English on every language's pages)."""
    lower = text.lower()
    out: list[str] = []
    for group in groups:
        terms = [*group.terms.get(lang, ()), *(group.terms.get("en", ()) if lang != "en" else ())]
        held = [t for t in terms if _has(text, lower, t)]
        if held:
            out += [t for t in terms if t not in held]
    return out


def retitled(title: str, lang: str, groups: list[SynonymGroup]) -> list[str]:
    """`title` with one of its words replaced by each of that word's synonyms (of the title's language)."""
    out: list[str] = []
    for group in groups:
        terms = group.terms.get(lang, ())
        for held in (t for t in terms if not t.isascii() and t in title):
            out += [title.replace(held, t) for t in terms if t != held and t not in title]
    return list(dict.fromkeys(out))[:MAX_TITLES]


def plain(html: str) -> str:
    return unescape(_TAG.sub(" ", html))


def searchable_text(html: str) -> str:
    """The text of the page's search region without the parts it marks data-pagefind-ignore (near enough to tell
    which words the page has)."""
    start = _REGION_START.search(html)
    end = _element_end(html, "div", start.start()) if start else -1
    if start is None or end < 0:
        return ""
    return plain(_IGNORED.sub(" ", html[html.find(">", start.start()) + 1:end]))


def aliases(html: str, lang: str) -> list[str]:
    """The entry's aliases as its page lists them (entry.md.j2: the details' "Aliases" item)."""
    m = re.search(r"<li><strong>" + re.escape(strings(lang)["aliases"]) + r"</strong>(.*?)</li>", html, re.S)
    return [plain(c) for c in _CODE.findall(m.group(1))] if m else []


def title(html: str) -> str:
    m = _H1.search(html)
    return plain(_PERMALINK.sub("", m.group(1))).strip() if m else ""


def english_page(english: Mapping[Path, str], rel: Path, lang: str) -> str | None:
    """The English page of a translated page (by its path in the site), or None (on an English page too)."""
    return english.get(Path(rel.as_posix().removeprefix(f"{lang}/"))) if lang != "en" else None


def hidden_terms(pages: dict[Path, str], lang: str, english: Mapping[Path, str],
                 groups: list[SynonymGroup]) -> dict[Path, tuple[list[str], list[str]]]:
    """Each page's extra search terms: its title in synonyms, and the synonyms of its words, and on a translated page
    (`english`: the English pages by path) the English page's title and the entry's aliases."""
    out: dict[Path, tuple[list[str], list[str]]] = {}
    for rel, html in pages.items():
        titles = retitled(title(html), lang, groups)
        terms = synonyms(searchable_text(html), lang, groups)
        source = english_page(english, rel, lang)
        if source is not None:
            terms += [t for t in [title(source)] if t]
            terms += aliases(source, "en")
        if titles or terms:
            out[rel] = (titles, terms)
    return out


def weighted(html: str) -> str:
    """The page with its message and identifiers weighted (WEIGHTED)."""
    for pattern, weight in WEIGHTED:
        html = pattern.sub(rf'\g<0> data-pagefind-weight="{weight}"', html, count=1)
    return html


def with_terms(html: str, titles: list[str], terms: list[str]) -> str:
    """The page with its extra terms as more search regions at the end of its body (Pagefind indexes every region)."""
    block = "".join(f'<div {BODY} data-pagefind-weight="{weight}"><p>{" · ".join(map(escape, texts))}</p></div>'
                    for weight, texts in ((TITLE_WEIGHT, titles), (HIDDEN_WEIGHT, terms)) if texts)
    at = html.rfind("</body>")
    return html[:at] + block + html[at:] if at >= 0 else html + block


_REGION_START = re.compile(r"<div data-pagefind-body\b")


@cache
def _tag_pattern(tag: str) -> re.Pattern[str]:
    return re.compile(rf"<(/?){tag}\b[^>]*>", re.I)


def _element_end(html: str, tag: str, start: int) -> int:
    """Where the `tag` element opened at `start` closes (just after its end tag), or -1."""
    depth = 0
    for m in _tag_pattern(tag).finditer(html, start):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return m.end()
    return -1


_IGNORED_START = re.compile(r"<(div|h[1-6]|section|aside|table|ul|ol|p|span)\b[^>]*\sdata-pagefind-ignore\b[^>]*>")


def without_ignored(region: str) -> str:
    """The region without the elements it marks data-pagefind-ignore: Pagefind indexes nothing of them (the site sets
    no filters or metadata inside them), so it need not read them."""
    out, at = [], 0
    for m in _IGNORED_START.finditer(region):
        if m.start() < at:  # inside an element already left out
            continue
        end = _element_end(region, m.group(1), m.start())
        if end < 0:
            return region  # unbalanced: left whole, for Pagefind to read as it is
        out.append(region[at:m.start()])
        at = end
    out.append(region[at:])
    return "".join(out)


def slim(html: str) -> str:
    """What Pagefind reads of a page: its language and its search region (overrides/main.html wraps the content of an
    entry or article in one `data-pagefind-body` div, and Pagefind ignores everything outside such regions on a site
    that has them). The index's copy is made of this instead of the whole page (header, navigation, footer, scripts:
    three quarters of its bytes), so the copy, the segmenter and Pagefind read a fraction; the index is the same
    (tests/test_search_index.py). A page with anything else to index (no region, or more than one) is kept whole."""
    starts = [m.start() for m in _REGION_START.finditer(html)]
    if len(starts) != 1:
        return html
    end = _element_end(html, "div", starts[0])
    if end < 0:
        return html
    return (f'<!doctype html>\n<html lang="{escape(page_language(html))}">\n<head><meta charset="utf-8"></head>\n'
            f"<body>\n{html[starts[0]:end]}\n</body>\n</html>\n")


def indexed_pages(site: Path, under: Path | None = None, skip: Iterable[str] = ()) -> Iterable[Path]:
    """The site's pages (under `under` if given, not in the folders named `skip`), outside the bundle, in the order
    of their paths' parts. The folders are walked with strings (Path.rglob and relative_to over the 20,000 files of a
    3,000-entry site: ~0.15 s of each serve rebuild)."""
    left_out = {BUNDLE, *skip}
    top = str(under or site)
    start = len(str(site)) + 1
    found: list[tuple[list[str], str]] = []
    for folder, dirs, files in os.walk(top):
        first = folder[start:].split(os.sep, 1)[0] if len(folder) >= start else ""
        if first in left_out or first.startswith("."):  # dot folders: another process's staging
            dirs.clear()
            continue
        for name in files:
            if name.endswith(".html") and (first or not (name in left_out or name.startswith("."))):
                path = os.path.join(folder, name)
                found.append((path[start:].split(os.sep), path))
    for _, path in sorted(found):
        yield Path(path)


# serve (`remember`): each page's (language, slim copy) by its file's size and modification time: a rebuild keeps the
# files it did not change (generator/build/serve_site.py), and reads only the others.
_READ: dict[Path, tuple[tuple[int, int], tuple[str, str] | None]] = {}


def read_pages(site: Path, under: Path | None = None, skip: Iterable[str] = (),
               remember: bool = False) -> dict[str, dict[Path, str]]:
    """The pages that have a search region, by language, as Pagefind reads them (slim), by path in the site."""
    by_lang: dict[str, dict[Path, str]] = {}
    seen = set()
    for path in indexed_pages(site, under, skip):
        stat = path.stat()
        key = (stat.st_size, stat.st_mtime_ns)
        known = _READ.get(path) if remember else None
        if known is not None and known[0] == key:
            found = known[1]
        else:
            html = path.read_text(encoding="utf-8")
            lang = indexed_language(html)
            found = (lang, slim(html)) if lang is not None else None
            if remember:
                _READ[path] = (key, found)
        seen.add(path)
        if found is not None:
            by_lang.setdefault(found[0], {})[path.relative_to(site)] = found[1]
    if remember:
        for gone in set(_READ) - seen:
            del _READ[gone]
    return by_lang


def prepared(pages: dict[Path, str], lang: str, english: Mapping[Path, str],
             groups: list[SynonymGroup]) -> dict[Path, str]:
    """What Pagefind indexes of one language's pages: each with its hidden terms and weights, without its ignored
    parts, the words of a segmented language spaced. `english`: the English pages by path (the English page's title
    and aliases are hidden terms of a translated page)."""
    extra = hidden_terms(pages, lang, english, groups)
    # The English page's aliases (read above) are in a part marked data-pagefind-ignore: left out only now.
    pages = {rel: without_ignored(weighted(with_terms(html, *extra[rel]) if rel in extra else html))
             for rel, html in pages.items()}
    return spaced(pages, lang)


def _digest(pages: dict[Path, str]) -> bytes:
    h = hashlib.blake2b(digest_size=20)
    for part in (str(pagefind_executable()), *EXCLUDE_SELECTORS):
        h.update(part.encode() + b"\0")
    for rel in sorted(pages):
        h.update(rel.as_posix().encode() + b"\0" + pages[rel].encode("utf-8", "surrogatepass") + b"\0")
    return h.digest()


# serve (`keep`): each language's bundle as the last rebuild made it, and the digest of what it was made of.
_kept: dict[tuple[Path, str, int], bytes] = {}  # (keep folder, language, slice) -> digest
PAGEFIND_RUNS = [0]  # Pagefind runs started (one per slice indexed), for the tests and the benchmark
_RUNS_LOCK = threading.Lock()


def write_copy(pages: dict[Path, str], folder: Path) -> None:
    """A language's prepared pages as files, for Pagefind to read."""
    for rel, html in pages.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(html, encoding="utf-8")


# serve: what each kept copy folder holds (page -> prepared text), so that a rebuild writes only the pages that changed
# (at 3,000 entries, writing a language's 3,000 pages again took ~0.5 s). COPY_PAGES_WRITTEN counts them (tests).
_COPIES: dict[Path, dict[Path, str]] = {}
COPY_PAGES_WRITTEN = [0]


def sync_copy(pages: dict[Path, str], folder: Path) -> None:
    """write_copy into a folder that outlives the build (`mkdocs serve`): only the pages whose text changed since the
    last sync are written, the pages gone are removed; a folder this process did not write is written whole."""
    before = _COPIES.pop(folder, None)
    if before is None or not folder.is_dir():
        shutil.rmtree(folder, ignore_errors=True)
        before = {}
    changed = {rel: html for rel, html in pages.items() if before.get(rel) != html}
    write_copy(changed, folder)
    COPY_PAGES_WRITTEN[0] += len(changed)
    for rel in before.keys() - pages.keys():
        (folder / rel).unlink(missing_ok=True)
    _COPIES[folder] = dict(pages)


def index_copy(copy: Path, out: Path, lang: str, first: bool = True) -> None:
    """Pagefind over a copy (a language's, or one slice of it), into the bundle folder `out`. Pagefind holds the whole
    index in memory (up to 2.7 GB for one language of 10,000 pages: SLICE_PAGES). A slice after the first (`first`
    false) keeps only its index: the search box loads Pagefind's scripts and WebAssembly from the first."""
    command = [str(pagefind_executable()), "--site", str(copy), "--output-path", str(out), "--quiet"]
    for selector in EXCLUDE_SELECTORS:
        command += ["--exclude-selectors", selector]
    with _RUNS_LOCK:  # index_slices runs several at once
        PAGEFIND_RUNS[0] += 1
    proc = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    if proc.returncode != 0:
        raise SearchIndexError(f"pagefind failed ({lang}): {(proc.stdout + proc.stderr).strip()[-2000:]}")
    for name in UNUSED:  # Pagefind's own search UIs: the header box (search.js) uses its API, pagefind.js only
        (out / name).unlink(missing_ok=True)
    if not first:
        for path in out.iterdir():
            if path.is_file() and path.name != "pagefind-entry.json" and path.suffix != ".pf_meta":
                path.unlink()


def _slice_key(rel: Path) -> int:
    return int.from_bytes(hashlib.blake2b(rel.as_posix().encode("utf-8", "surrogatepass"), digest_size=8).digest(),
                          "big")


def slices(pages: Mapping[Path, str]) -> list[dict[Path, str]]:
    """A language's pages in slices of at most about SLICE_PAGES (one when fewer): a page's slice is fixed by a hash
    of its path and the number of slices, so that an edit changes the slice of the page it changed only."""
    count = max(1, -(-len(pages) // SLICE_PAGES))
    out: list[dict[Path, str]] = [{} for _ in range(count)]
    for rel in sorted(pages):
        out[_slice_key(rel) % count][rel] = pages[rel]
    if not all(out):  # a few pages (small SLICE_PAGES in tests) can leave one empty: dealt round in hash order instead
        order = sorted(pages, key=lambda rel: (_slice_key(rel), rel.as_posix()))
        out = [{rel: pages[rel] for rel in sorted(order[k::count])} for k in range(count)]
    return out


def slice_folder(out: Path, lang: str, k: int) -> Path:
    """Where slice `k` of a language's bundle `out` goes: the first is the bundle, the others folders in it (named in
    the bundle's SLICES_FILE by merge_bundles)."""
    return out if k == 0 else out / f"{lang}-{k}"


def write_slices(pages: dict[Path, str], folder: Path) -> list[Path]:
    """A language's prepared pages as files, one folder per slice (folder/0, folder/1, ...), for Pagefind to read."""
    parts = []
    for k, part in enumerate(slices(pages)):
        write_copy(part, folder / str(k))
        parts.append(folder / str(k))
    return parts


# Pagefind runs at once over a language's slices. Each uses ~1.4 cores: on 2 cores, two at a time index the 8 slices
# of a 3,000-entry site's two languages in 6.2 s instead of 9.0 (the same CPU seconds). A slice of SLICE_PAGES holds
# ~1/10 of the memory one run over a language of 10,000 pages held, so two at once stay far below it.
PAGEFIND_JOBS = max(1, min(2, os.cpu_count() or 1))


def index_slices(copies: list[Path], out: Path, lang: str) -> None:
    """One Pagefind run per slice's copy (write_slices), PAGEFIND_JOBS at a time, the first into `out` and the others
    into folders inside it (slice_folder), each moved there once written."""
    out.parent.mkdir(parents=True, exist_ok=True)
    aside = Path(tempfile.mkdtemp(prefix=".ee-slices-", dir=out.parent))  # a dot folder: never indexed
    try:
        def run(k: int) -> None:
            index_copy(copies[k], aside / str(k) if k else out, lang, first=k == 0)
        with ThreadPoolExecutor(PAGEFIND_JOBS) as pool:
            list(pool.map(run, range(len(copies))))
        for k in range(1, len(copies)):
            os.replace(aside / str(k), slice_folder(out, lang, k))
    finally:
        shutil.rmtree(aside, ignore_errors=True)


def write_bundles(copies: dict[str, dict[Path, str]], out: Callable[[str], Path], keep: Path | None = None) -> None:
    """One Pagefind bundle per language, into out(lang), in slices (SLICE_PAGES; a language's index depends on its own
    pages only: the same bytes as one run over all of them, tests/test_search_index.py). With `keep` (a folder that
    outlives the build: `mkdocs serve`), a slice whose copy is the one its kept bundle was made of gets that bundle
    again: an edit re-indexes only the slices whose searchable text it changed, those of every language at once
    (PAGEFIND_JOBS: an edit of an entry changes one slice of each language, and the two runs took one after the other
    ~1 s of a 3,000-entry rebuild)."""
    if keep is None:
        for lang, pages in sorted(copies.items()):
            with tempfile.TemporaryDirectory(prefix=f"search-index-{lang}-") as tmp:
                index_slices(write_slices(pages, Path(tmp)), out(lang), lang)
        return
    parts = {lang: slices(pages) for lang, pages in sorted(copies.items())}
    stale: list[tuple[str, int, bytes]] = []
    for lang, lang_parts in parts.items():
        for k, part in enumerate(lang_parts):
            digest = _digest(part) + len(lang_parts).to_bytes(4, "big")
            if _kept.get((keep, lang, k)) != digest or not (keep / f"bundle-{lang}" / str(k)).is_dir():
                _kept.pop((keep, lang, k), None)  # its kept bundle is stale until its run succeeds
                stale.append((lang, k, digest))

    def run(item: tuple[str, int, bytes]) -> None:
        lang, k, digest = item
        copy, bundle = keep / f"copy-{lang}" / str(k), keep / f"bundle-{lang}" / str(k)
        sync_copy(parts[lang][k], copy)
        shutil.rmtree(bundle, ignore_errors=True)
        index_copy(copy, bundle, lang, first=k == 0)
        _kept[(keep, lang, k)] = digest

    with ThreadPoolExecutor(PAGEFIND_JOBS) as pool:
        list(pool.map(run, stale))
    for lang, lang_parts in parts.items():
        for k in range(len(lang_parts)):  # the first slice first: the others go into folders inside its bundle
            _link_tree(keep / f"bundle-{lang}" / str(k), slice_folder(out(lang), lang, k))
        for k in [k for (folder, code, k) in _kept if folder == keep and code == lang and k >= len(lang_parts)]:
            del _kept[(keep, lang, k)]  # slices of a language that had more pages
            shutil.rmtree(keep / f"bundle-{lang}" / str(k), ignore_errors=True)
            _COPIES.pop(keep / f"copy-{lang}" / str(k), None)
            shutil.rmtree(keep / f"copy-{lang}" / str(k), ignore_errors=True)


def _link_tree(source: Path, target: Path) -> None:
    """A copy of a bundle made of hard links where the file system allows (no file of a bundle is ever changed in
    place: a build writes new ones), else of copies."""
    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
    shutil.copytree(source, target, copy_function=link, dirs_exist_ok=True)


def merge_bundles(site: Path, parts: list[Path]) -> dict[str, int]:
    """`<site>/pagefind/` from each language's bundle (the parts are moved, then removed), with SLICES_FILE naming the
    folders of each language's slices after the first; the pages per language. The files every bundle has
    (Pagefind's scripts and WebAssembly) are the same in each."""
    bundle = site / BUNDLE
    shutil.rmtree(bundle, ignore_errors=True)
    languages_: dict[str, object] = {}
    entry: dict[str, object] = {}
    more: dict[str, list[str]] = {}  # language -> its slices' folders after the first
    counts: dict[str, int] = {}
    for part in parts:
        data = json.loads((part / "pagefind-entry.json").read_text(encoding="utf-8"))
        languages_.update(data.pop("languages"))
        if entry and data != entry:
            raise SearchIndexError(f"the languages' search bundles were made differently: {data} and {entry}")
        entry = data
        for sub in sorted((p for p in part.iterdir() if (p / "pagefind-entry.json").is_file()),
                          key=lambda p: int(p.name.rpartition("-")[2])):
            slice_entry = json.loads((sub / "pagefind-entry.json").read_text(encoding="utf-8"))
            for lang, info in slice_entry["languages"].items():
                more.setdefault(lang, []).append(sub.name)
                counts[lang] = counts.get(lang, 0) + int(info["page_count"])
        for folder, _, names in os.walk(part):  # strings, one mkdir a folder: ~15,000 files a rebuild at 3,000 entries
            rel = os.path.relpath(folder, part)
            target = bundle if rel == "." else bundle / rel
            target.mkdir(parents=True, exist_ok=True)
            for name in names:
                if not (rel == "." and name == "pagefind-entry.json"):
                    os.replace(os.path.join(folder, name), os.path.join(target, name))
        shutil.rmtree(part, ignore_errors=True)
    if not parts:
        return {}
    # Pagefind lists the languages in no fixed order: sorted, the same sources build the same bytes.
    entry["languages"] = languages_
    (bundle / "pagefind-entry.json").write_text(json.dumps(entry, sort_keys=True, separators=(",", ":"),
                                                           ensure_ascii=False), encoding="utf-8")
    (bundle / SLICES_FILE).write_text(json.dumps(more, sort_keys=True, separators=(",", ":")), encoding="utf-8")
    for lang, info in languages_.items():
        if isinstance(info, dict):
            counts[lang] = counts.get(lang, 0) + int(info["page_count"])
    return dict(sorted(counts.items()))


def staging(site: Path, lang: str) -> Path:
    """Where a language's bundle waits to be merged (a dot folder: never indexed, removed by merge_bundles)."""
    return site / f".ee-search-{lang}"


def staging_copy(site: Path, lang: str) -> Path:
    """Where a translated language's prepared copy, one folder per slice (write_slices), waits for the default
    language's process to index it (start_preparing, index_staged)."""
    return site / f".ee-search-copy-{lang}"


# Pages read and prepared at once by prepare_slices: a language's pages are never all held (at 10,000 entries the
# default language's prepared copy had grown its build process from ~370 to ~600 MiB, held beside the Pagefind runs).
PREPARE_CHUNK = 500


def prepare_slices(site: Path, lang: str, english: Mapping[Path, str], folder: Path, under: Path | None = None,
                   skip: Iterable[str] = ()) -> list[Path]:
    """What write_slices(prepared(<the language's pages>, ...), folder) writes, the pages read (indexed_pages(site,
    under, skip)) and prepared PREPARE_CHUNK at a time (a page's copy depends on that page alone: `prepared`). The
    pages are read twice: once to know which are indexed (which fixes each one's slice), then a chunk at a time, each
    page's copy written straight into its slice's folder (writing them all in one folder and moving each into its
    slice's cost more than reading them again). The slices' folders; [] when the language has no page."""
    pages = [path for path in indexed_pages(site, under, skip)
             if indexed_language(path.read_text(encoding="utf-8")) == lang]
    if not pages:
        return []
    slice_of = {rel: k for k, part in enumerate(slices(dict.fromkeys((p.relative_to(site) for p in pages), "")))
                for rel in part}
    groups = synonym_groups()
    for start in range(0, len(pages), PREPARE_CHUNK):
        chunk = {path.relative_to(site): slim(path.read_text(encoding="utf-8"))
                 for path in pages[start:start + PREPARE_CHUNK]}
        copies = prepared(chunk, lang, english, groups)
        for k in sorted({slice_of[rel] for rel in copies}):
            write_copy({rel: text for rel, text in copies.items() if slice_of[rel] == k}, folder / str(k))
    return [folder / str(k) for k in range(max(slice_of.values()) + 1)]


def prepare_language(site: Path, lang: str, english: Mapping[Path, str]) -> None:
    """A translated language's prepared copy, for index_staged (in a process of its own: start_preparing)."""
    prepare_slices(site, lang, english, staging_copy(site, lang), under=site / lang)


def start_preparing(site: Path, lang: str, english_sources: Mapping[Path, Path]) -> subprocess.Popen[str]:
    """prepare_language in a fresh process, started once the process that built the language's pages has exited: its
    memory (the whole MkDocs build of a language) is free then, and this process holds only the language's pages. At
    10,000 entries, before the index was sliced, the build's peak was 4,843 MiB with the language's build process
    preparing its copy beside the English Pagefind run, 4,114 MiB this way. `english_sources`: the English pages'
    sources in docs/ by path in the site (SourcePages)."""
    sources = _sources_file(site, lang)
    sources.write_text(json.dumps({str(k): str(v) for k, v in english_sources.items()}), encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "generator.build.search_index", str(site), lang, str(sources)],
                            env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _sources_file(site: Path, lang: str) -> Path:
    return site / f".ee-search-sources-{lang}.json"


def finish_preparing(process: subprocess.Popen[str], site: Path, lang: str) -> None:
    """Wait for start_preparing's process; SearchIndexError if it failed."""
    output, _ = process.communicate()
    _sources_file(site, lang).unlink(missing_ok=True)  # the process removes it once read, unless it failed first
    if process.returncode != 0:
        raise SearchIndexError(f"preparing the {lang} pages failed: {output.strip()[-2000:]}")


def index_default_language(site: Path, lang: str, skip: Iterable[str]) -> None:
    """The default language's bundle (into staging), its pages (those outside the folders `skip`) prepared a chunk at a
    time (prepare_slices), while the other languages' build processes may still write theirs."""
    with tempfile.TemporaryDirectory(prefix=f"search-index-{lang}-") as tmp:
        parts = prepare_slices(site, lang, {}, Path(tmp), skip=skip)
        if parts:
            index_slices(parts, staging(site, lang), lang)


def index_staged(site: Path, default: str, languages: Iterable[str]) -> dict[str, int]:
    """Once every language is built: the other languages' copies indexed, one language after the other, and every
    bundle (the default language's included) merged into `<site>/pagefind/`. The pages indexed per language."""
    languages = list(languages)
    for lang in languages:
        copy = staging_copy(site, lang)
        if copy.is_dir():
            index_slices(sorted(copy.iterdir(), key=lambda p: int(p.name)), staging(site, lang), lang)
            shutil.rmtree(copy)
    parts = [staging(site, lang) for lang in sorted([default, *languages])]
    return merge_bundles(site, [part for part in parts if part.is_dir()])


# serve (`keep`): each page's prepared copy by a digest of what it is made of (the page's search region, the English
# page's for a translated page, the synonyms), so that a rebuild prepares again only the pages an edit changed (a page's
# copy depends on nothing else: Intl.Segmenter splits each run of text on its own). PAGES_PREPARED counts them (tests).
# (language, page) -> (key, prepared copy, the page's text and its English page's it was made of, the synonyms' digest)
_PREPARED: dict[tuple[str, Path], tuple[bytes, str, str, str, bytes]] = {}
PAGES_PREPARED = [0]


def prepared_kept(pages: dict[Path, str], lang: str, english: Mapping[Path, str],
                  groups: list[SynonymGroup]) -> dict[Path, str]:
    """prepared(pages, ...), from the copies remembered for the pages whose inputs did not change."""
    base = hashlib.blake2b(repr((lang, groups)).encode("utf-8", "surrogatepass"), digest_size=20).digest()
    keys, sources = {}, {}
    for rel, html in pages.items():
        source = sources[rel] = english_page(english, rel, lang) or ""
        known = _PREPARED.get((lang, rel))
        if known is not None and known[2] is html and known[3] is source and known[4] == base:
            keys[rel] = known[0]  # the very texts it was made of (read_pages gives an unchanged file's text again)
            continue
        keys[rel] = hashlib.blake2b(base + (html + "\0" + source).encode("utf-8", "surrogatepass"),
                                    digest_size=20).digest()
    todo = {rel: html for rel, html in pages.items() if _PREPARED.get((lang, rel), (b"",))[0] != keys[rel]}
    made = prepared(todo, lang, english, groups) if todo else {}
    for rel, html in pages.items():
        copy = made[rel] if rel in made else _PREPARED[(lang, rel)][1]
        _PREPARED[(lang, rel)] = (keys[rel], copy, html, sources[rel], base)
    PAGES_PREPARED[0] += len(todo)
    for gone in [k for k in _PREPARED if k[0] == lang and k[1] not in pages]:
        del _PREPARED[gone]
    return {rel: _PREPARED[(lang, rel)][1] for rel in pages}


def build_index(site: Path, keep: Path | None = None) -> dict[str, int]:
    """Write `<site>/pagefind/` over every language's pages; returns the number of pages indexed in each language.
    `keep` (`mkdocs serve`): a folder that outlives the build, where each language's bundle is kept (write_bundles);
    the pages' prepared copies are then remembered too (prepared_kept)."""
    by_lang = read_pages(site, remember=keep is not None)
    shutil.rmtree(site / BUNDLE, ignore_errors=True)
    if not by_lang:  # nothing to search (Pagefind refuses to build an empty index); the box then finds nothing
        return {}
    groups = synonym_groups()
    langs = sorted(by_lang)
    if keep is not None:  # in this process, which remembers them
        copies = [prepared_kept(by_lang[lang], lang, by_lang.get("en", {}), groups) for lang in langs]
    else:  # one language's copy per core (generator/workers.py)
        copies = fork_map(lambda lang: prepared(by_lang[lang], lang, by_lang.get("en", {}), groups), langs,
                          min_items=1)
    write_bundles(dict(zip(langs, copies, strict=True)), lambda lang: staging(site, lang), keep)
    return merge_bundles(site, [staging(site, lang) for lang in langs])


class SourcePages(Mapping[Path, str]):
    """The English pages by path in the site, read from their sources in docs/ (`sources`: site path -> source file):
    what a process that builds a translation has of them while the English pages are built beside it. A translated
    page's hidden terms read only the English page's title and the entry's aliases, which the generator wrote into
    the source as the page shows them (tests/test_parallel_build.py: the same index as from the built pages)."""

    def __init__(self, sources: Mapping[Path, Path]) -> None:
        self._sources = sources

    def __getitem__(self, rel: Path) -> str:
        source = self._sources[rel]
        try:
            return page_html(source.read_text(encoding="utf-8"))
        except OSError as exc:
            raise KeyError(rel) from exc

    def __iter__(self) -> Iterator[Path]:
        return iter(self._sources)

    def __len__(self) -> int:
        return len(self._sources)


def _prepare_main(argv: list[str]) -> None:
    """python -m generator.build.search_index SITE LANG SOURCES_JSON (start_preparing)."""
    site, lang, sources = Path(argv[0]), argv[1], Path(argv[2])
    english = {Path(k): Path(v) for k, v in json.loads(sources.read_text(encoding="utf-8")).items()}
    sources.unlink(missing_ok=True)
    prepare_language(site, lang, SourcePages(english))


if __name__ == "__main__":
    _prepare_main(sys.argv[1:])
