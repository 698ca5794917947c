"""Build the generated part of docs/: render each file and write it if it changed, the changes put in place only once
every file is rendered and every link checked (FileWriter)."""
from __future__ import annotations

import hashlib
import html
import json
import os
import posixpath
import re
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup

from generator.build.memory import release_free_memory
from generator.config import domain_ids
from generator.l10n.i18n import DEFAULT_LANG, LANGS
from generator.l10n.languages import page_file, prefix
from generator.l10n.translation import Finding, for_messages, known_messages, page_findings, reported_page
from generator.lint.checks import Report, check
from generator.load.corpus import Corpus
from generator.match.engine import match_files
from generator.memo import Stamp, digest, entry_digest, file_stamp, remembered
from generator.model import Entry
from generator.paths import DOCS_DIR, REFERENCE_FILE, ROOT
from generator.problems import BuildError, Problem
from generator.render import indexes, repro
from generator.render.articles import all_related_entries
from generator.render.graph import Links, build_graph
from generator.render.markup_html import html_text
from generator.render.pages import (
    ENTRY_TEMPLATE,
    ENV,
    Site,
    article_title_html,
    page_title,
    page_url,
    render_article,
    render_entry,
    render_redirect,
    title_html,
)
from generator.workers import fork_map

# Folders under docs/ that the generator owns (git-ignored; everything in them is rewritten): one per domain the
# schema allows (an entry in any other folder is E008) and the site's own sections. Every file written must lie in
# one of them, and what was written is also recorded in MANIFEST, so a folder that stops being produced (a domain
# dropped from the schema) is still removed by the next build and by `make clean`.
OWNED_DIRS = (*domain_ids(), "articles", "browse", "api", "rules", "repro", "assets/generated")
MANIFEST = ".generated-files.json"  # in docs/; MkDocs skips dot files
MERMAID_JS = ROOT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
MATCH_DIR = "assets/generated"  # match-index.json, match-words.json, match-display/ (generator/match/engine.py)
MATCH_INDEX = f"{MATCH_DIR}/match-index.json"


@dataclass
class BuildResult:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: Mapping[str, bytes] = field(default_factory=dict)


def make_site(report: Report, repo_url: str, branch: str = "main", entries_dir: Path | None = None,
              incremental: bool = False) -> Site:
    """The site model: entries, graph, article links, the tier each page shows and the warnings it lists, and (given
    the entries folder) the reproduction folders it publishes (`incremental`: repro.read_all's)."""
    corpus = report.corpus
    links = all_related_entries(corpus.articles, corpus.entries)
    return Site(entries={e.id: e for e in corpus.entries}, graph=build_graph(corpus.entries), articles=corpus.articles,
                article_links=links, effective_tier=report.tiers(), repo_url=repo_url.rstrip("/"), edit_branch=branch,
                notices=report.page_notices(), tested=report.tested, redirects=report.redirects,
                repro=repro.read_all(entries_dir, incremental) if entries_dir is not None else {})


# Entries whose pages are rendered at once in a cold build (on every core: workers.fork_map), each group's pages written
# before the next group is rendered: the site's pages are never all in memory (at 10,000 entries they are ~670 MB of
# files, and the generator's process peaked at 1,395 MiB holding them).
ENTRY_BATCH = 1000
REPRO_BATCH = 250


def render_files(site: Site, site_url: str = "/", incremental: bool = False) -> Iterator[tuple[str, bytes]]:
    """(docs-relative path, content) for every generated file, each path once, as each is rendered. `site_url`: the
    address the site is served at (`https://<owner>.github.io/<repo>/` for a project site), which the JSON API's URLs
    start with. `incremental`: render again only the entry pages whose inputs changed since the last incremental build
    in this process, and remember this build's (`mkdocs serve`); otherwise render every page and remember none."""
    inputs = EntryInputs(site) if incremental else None
    messages = known_messages(site.entries.values())
    for_messages(messages)
    # The translation report reads each translated language's pages as they pass (reported_page); its page in that
    # language shows its own report, the default language's every translated language's: rendered last.
    # language -> docs path -> (page, its findings)
    found: dict[str, dict[str, tuple[str, list[Finding]]]] = {lang: {} for lang in LANGS if lang != DEFAULT_LANG}

    def out(rel: str, page: str | bytes, findings: Sequence[Finding] | None = None) -> tuple[str, bytes]:
        reported = reported_page(rel)
        if reported is not None:
            text = page.decode("utf-8") if isinstance(page, bytes) else page
            found[reported[0]][rel] = (reported[1], list(findings) if findings is not None
                                       else page_findings(text, messages))
        return rel, page.encode("utf-8") if isinstance(page, str) else page

    for gone in [k for k in _ENTRY_PAGES if k[0] not in site.entries]:  # entries removed since, or another corpus
        del _ENTRY_PAGES[gone]
    entries = list(site.entries.values())
    if inputs is not None:
        for e in entries:
            for lang in LANGS:
                yield out(page_file(e.id, lang), entry_page(e, site, lang, inputs))
    else:
        _ENTRY_PAGES.clear()
        _LISTS.clear()
        for start in range(0, len(entries), ENTRY_BATCH):
            batch = entries[start:start + ENTRY_BATCH]
            for e, pages in zip(batch, fork_map(lambda e: entry_pages(e, site, messages), batch), strict=True):
                for lang, (page, findings) in pages.items():
                    yield out(page_file(e.id, lang), page, findings)
    for lang in LANGS:
        for a in site.articles:
            yield out(page_file(f"articles/{a.id}", lang), render_article(a, site, lang))
        for old_id, new_id in site.redirects.items():
            yield out(page_file(old_id, lang), render_redirect(old_id, new_id, site, lang))
        yield out(page_file("articles/index", lang), indexes.articles_index(site, lang))
        yield out(page_file("browse/index", lang), indexes.browse_index(site, lang))
        lists: Mapping[str, str | bytes] = _entry_lists(site, lang) if inputs is None else _kept_lists(site, lang)
        for rel, listed in lists.items():
            yield out(rel, listed)
        yield out(page_file("rules/index", lang), indexes.rules_page(lang))
    for rel, text in repro_pages(site, incremental):
        yield out(rel, text)
    for owner, stored in site.repro.items():
        if inputs is None:
            yield from repro.raw_files(owner, stored).items()
        else:  # the same bytes objects while the folder's files are the same (read_all gives the same tuple)
            known = _RAW_FILES.get(owner)
            if known is None or known[0] is not stored:
                known = _RAW_FILES[owner] = (stored, repro.raw_files(owner, stored))
            yield from known[1].items()
    for folder in [name for name in _RAW_FILES if inputs is None or name not in site.repro]:
        del _RAW_FILES[folder]
    reports = {lang: dict(found[lang][rel] for rel in sorted(found[lang]))
               for lang in found}  # in path order, as translation_report gives them
    for lang in LANGS:
        shown = {lang: reports[lang]} if lang in reports else reports
        yield out(page_file("browse/translation", lang), indexes.translation_page(site, lang, shown))
    for rel, data in api_files(site, site_url, inputs):
        yield out(rel, data)


def _entry_lists(site: Site, lang: str) -> dict[str, str]:
    """The pages that list every entry: by domain, by code, by tag and by version (docs path -> page)."""
    out = {page_file(f"browse/{domain}", lang): indexes.domain_page(domain, site, lang)
           for domain in sorted({e.domain for e in site.entries.values()})}
    out[page_file("browse/codes", lang)] = indexes.codes_page(site, lang)
    out[page_file("browse/tags", lang)] = indexes.tags_page(site, lang)
    out[page_file("browse/versions", lang)] = indexes.versions_page(site, lang)
    return out


def _listing_inputs(site: Site, lang: str) -> bytes:
    """Everything _entry_lists reads of the entries (generator/render/indexes.py domain_page, codes_page, tags_page,
    versions_page and pages.entry_list_html): each entry's id, domain, category, code, aliases, tags, versions and
    title in `lang`. Serving, an edit of an entry's text leaves these the same, and the lists (~0.3 s at 3,000
    entries) are not made again."""
    return digest(lang, [(e.id, e.domain, e.category, e.error_code, e.aliases, e.tags,
                          [(v.product, v.version) for v in e.versions], page_title(e, lang))
                         for e in sorted(site.entries.values(), key=lambda e: e.id)])


_LISTS: dict[str, tuple[bytes, dict[str, bytes]]] = {}  # language -> (_listing_inputs, its lists' pages), serving


def _kept_lists(site: Site, lang: str) -> dict[str, bytes]:
    """_entry_lists, encoded, made again only when _listing_inputs changed since the last serving build."""
    def make() -> dict[str, bytes]:
        return {rel: page.encode("utf-8") for rel, page in _entry_lists(site, lang).items()}
    lists: dict[str, bytes] = remembered(_LISTS, lang, _listing_inputs(site, lang), make)
    return lists


def render_all(site: Site, site_url: str = "/", incremental: bool = False) -> dict[str, bytes]:
    """docs-relative path -> file content, for every generated file (render_files, held whole: for the tests)."""
    return dict(sorted(render_files(site, site_url, incremental)))


# Entry pages rendered by the last incremental build in this process (`mkdocs serve` rebuilds in the same one), by a
# digest of everything render_entry reads: a page whose inputs are unchanged is not rendered again. Kept only while
# serving: a full build does not hold every page once written. ENTRY_PAGES_RENDERED counts incremental renders.
_ENTRY_PAGES: dict[tuple[str, str], tuple[bytes, bytes]] = {}
_RAW_FILES: dict[str, tuple[object, dict[str, bytes]]] = {}  # owner -> (its files, their plain-text copies), serving
ENTRY_PAGES_RENDERED = 0


class EntryInputs:
    """What the pages of a build have in common, digested once per build: each entry (its file), each article, the
    stored runs of each entry's tested items, the template."""

    def __init__(self, site: Site) -> None:
        self.entries = {e.id: entry_digest(e) for e in site.entries.values()}
        self.articles = {a.id: digest(a) for a in site.articles}
        self.tested: dict[str, list[tuple[str, tuple[str, str]]]] = {}  # '<id>:<kind>.<i>' keys by entry id
        for key, run in sorted(site.tested.items()):
            self.tested.setdefault(key.rsplit(":", 1)[0], []).append((key, run))
        source = ENV.loader.get_source(ENV, ENTRY_TEMPLATE)[0] if ENV.loader is not None else ""
        self.template = digest(source)

    def of(self, e: Entry, site: Site, lang: str) -> bytes:
        """Everything render_entry(e, site, lang) reads, digested: the entry; the entries it links to, lists as its
        instances or belongs to (their titles); the articles that link it; its tier, open warnings, tested items
        and reproduction files; the repository links; the language; the template."""
        links = site.graph[e.id]
        instances = site.instances.get(e.id, [])
        named = [*links.all(), *instances, *([e.belongs_to] if e.belongs_to in site.entries else [])]
        return digest(lang, site.repo_url, site.edit_branch, self.template, self.entries[e.id], links, instances,
                      e.belongs_to, [(i, self.entries[i]) for i in named],
                      [self.articles[a.id] for a in site.articles_of.get(e.id, [])],
                      site.effective_tier.get(e.id), site.notices.get(e.id), self.tested.get(e.id),
                      repro.files_digest(site.repro[e.id]) if e.id in site.repro else None)


def entry_page(e: Entry, site: Site, lang: str, inputs: EntryInputs) -> bytes:
    """render_entry(e, site, lang), encoded, or the page rendered earlier in this process from the same inputs (the
    same bytes object: build() then knows its digest)."""
    def render() -> bytes:
        global ENTRY_PAGES_RENDERED
        ENTRY_PAGES_RENDERED += 1
        return render_entry(e, site, lang).encode("utf-8")
    return remembered(_ENTRY_PAGES, (e.id, lang), inputs.of(e, site, lang), render)


def entry_pages(e: Entry, site: Site, messages: frozenset[tuple[str, ...]]) \
        -> dict[str, tuple[bytes, tuple[Finding, ...] | None]]:
    """The entry's page in each language (encoded: half the memory and pickling of a str holding any non-Latin-1
    character), with what the translation report finds on it (None in the default language, which it does not read)."""
    out: dict[str, tuple[bytes, tuple[Finding, ...] | None]] = {}
    for lang in LANGS:
        page = render_entry(e, site, lang)
        out[lang] = (page.encode("utf-8"), None if lang == DEFAULT_LANG else tuple(page_findings(page, messages)))
    return out


# Each reproduction folder's highlighted files, by a digest of its files, kept while serving (as _ENTRY_PAGES): a
# rebuild highlights again only the folders that changed. REPRO_FOLDERS_HIGHLIGHTED counts the folders highlighted.
_REPRO_BLOCKS: dict[str, tuple[bytes, dict[str, Markup]]] = {}
REPRO_FOLDERS_HIGHLIGHTED = 0


def repro_pages(site: Site, incremental: bool) -> Iterator[tuple[str, str | bytes]]:
    """(docs path, page), for each reproduction folder's page in every language. A folder's files are highlighted once
    for its pages in every language (Pygments: most of their cost), on every core when cold (each process renders
    whole folders' pages, REPRO_BATCH folders at a time: the highlighted files are not kept); while serving,
    remembered by the folder's files."""
    global REPRO_FOLDERS_HIGHLIGHTED

    def pages(owner: str, blocks: dict[str, Markup]) -> dict[str, str]:
        return {page_file(repro.page_path(owner), lang): repro_page(site, owner, site.repro[owner], lang, blocks)
                for lang in LANGS}

    if not incremental:
        _REPRO_BLOCKS.clear()
        _REPRO_PAGES.clear()
        REPRO_FOLDERS_HIGHLIGHTED += len(site.repro)
        owners = list(site.repro)
        for start in range(0, len(owners), REPRO_BATCH):
            for made in fork_map(lambda owner: pages(owner, repro.code_blocks(site.repro[owner])),
                                 owners[start:start + REPRO_BATCH], min_items=20):
                yield from made.items()
        return
    for gone in [owner for owner in _REPRO_BLOCKS if owner not in site.repro]:
        del _REPRO_BLOCKS[gone]
    for page in [k for k in _REPRO_PAGES if k[0] not in site.repro]:
        del _REPRO_PAGES[page]
    for owner, stored in site.repro.items():
        key = repro.files_digest(stored)
        if _REPRO_BLOCKS.get(owner, (b"", {}))[0] != key:
            _REPRO_BLOCKS[owner] = (key, repro.code_blocks(stored))
            REPRO_FOLDERS_HIGHLIGHTED += 1
        blocks = _REPRO_BLOCKS[owner][1]
        for lang in LANGS:  # the page again only if its files, its title or its links changed
            page_key = digest(key, _repro_context(site, owner, lang), site.repo_url, site.edit_branch)
            yield page_file(repro.page_path(owner), lang), remembered(
                _REPRO_PAGES, (owner, lang), page_key,
                lambda: repro_page(site, owner, stored, lang, blocks).encode("utf-8"))  # noqa: B023 (called at once)


_REPRO_PAGES: dict[tuple[str, str], tuple[bytes, bytes]] = {}  # (owner, language) -> (digest, page), while serving


def _repro_context(site: Site, owner: str, lang: str) -> tuple[object, ...]:
    """What a reproduction page reads of the site besides its files: whether its owner is an article or an entry, and
    that owner's title as the page shows it."""
    article = next((a for a in site.articles if f"articles/{a.id}" == owner), None)
    if article is not None:
        return ("article", article_title_html(article, lang))
    if owner in site.entries:
        return ("entry", title_html(site.entries[owner], lang))
    return ("none",)


def repro_page(site: Site, owner: str, stored: tuple[repro.ReproFile, ...], lang: str,
               blocks: dict[str, Markup] | None = None) -> str:
    page = f"repro/{owner}"  # served at [<lang>/]repro/<owner>/
    article = next((a for a in site.articles if f"articles/{a.id}" == owner), None)
    if article is not None:
        title = article_title_html(article, lang)
    elif owner in site.entries:
        title = title_html(site.entries[owner], lang)
    else:  # a stored run that no entry names (yet): the page has nothing to link back to
        title = html_text(owner)
    link = page_url(page, owner) if article is not None or owner in site.entries else None
    return repro.render_page(owner, stored, link, title,
                             f"{site.repo_url}/tree/{site.edit_branch}/entries/{owner}.repro", lang, blocks)


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


_TYPED_RATES = ("confidence", "fix_success_rate", "success_rate", "fail_rate")


def _without_typed_rates(raw: dict[str, Any]) -> dict[str, Any]:
    """The entry as published, without the legacy typed rates: an uncounted number is not published as data
    either (lint E703 reports it; `evidence` is what counts)."""
    doc = {k: v for k, v in raw.items() if k not in _TYPED_RATES}
    for name in ("workarounds", "dead_ends"):
        if isinstance(doc.get(name), list):
            doc[name] = [{k: v for k, v in item.items() if k not in _TYPED_RATES} if isinstance(item, dict) else item
                         for item in doc[name]]
    return doc


def site_base(site_url: str) -> str:
    """The site's address with one trailing slash: `https://host/<repo>/`; a bare path (no host) stays a path."""
    parts = urlsplit(site_url or "/")
    path = "/" + parts.path.strip("/") + "/" if parts.path.strip("/") else "/"
    return f"{parts.scheme}://{parts.netloc}{path}" if parts.scheme and parts.netloc else path


# Each entry's JSON by a digest of what it is made of, kept while serving (as _ENTRY_PAGES).
_ENTRY_JSON: dict[str, tuple[bytes, str]] = {}


def _entry_json(e: Entry, tier: str, links: Links, pages: dict[str, str]) -> str:
    """The entry as the JSON API publishes it."""
    doc = _without_typed_rates(e.raw)
    doc["derived"] = {"verification_tier": tier, "leads_to": list(links.leads_to),
                      "preceded_by": list(links.preceded_by),
                      "frequently_confused_with": list(links.confused_with), "url": pages}
    return _json(doc)


def api_files(site: Site, site_url: str = "/", inputs: EntryInputs | None = None) -> Iterator[tuple[str, str]]:
    """(docs path, JSON) for api/v1/<id>.json (each entry as published) and api/v1/index.json (every entry with the
    address of its JSON and of its page in each language), with absolute URLs made from the site's address, each as it
    is made. `inputs` (serving): an entry's JSON is made again only when its file, tier or links changed."""
    base = site_base(site_url)
    index = []
    if inputs is None:
        _ENTRY_JSON.clear()
    for e in sorted(site.entries.values(), key=lambda e: e.id):
        links = site.graph[e.id]
        pages = {lang: f"{base}{prefix(lang)}{e.id}/" for lang in LANGS}
        published = partial(_entry_json, e, site.effective_tier[e.id], links, pages)
        yield f"api/v1/{e.id}.json", published() if inputs is None else remembered(
            _ENTRY_JSON, e.id, digest(inputs.entries[e.id], site.effective_tier[e.id], links, base), published)
        index.append({"id": e.id, "signature": e.signature, "signature_zh": e.signature_zh,
                      "error_code": e.error_code, "domain": e.domain, "category": e.category,
                      "verification_tier": site.effective_tier[e.id], "url": f"{base}api/v1/{e.id}.json",
                      "html": pages})
    for old, new in sorted(site.redirects.items()):  # a moved id's JSON says where it went (config/ids.txt)
        yield f"api/v1/{old}.json", _json({"id": old, "moved_to": new, "url": f"{base}api/v1/{new}.json"})
    moved = [{"id": old, "moved_to": new} for old, new in sorted(site.redirects.items())]
    yield "api/v1/index.json", _json({"version": 1, "count": len(index), "entries": index,
                                      **({"moved": moved} if moved else {})})


def match_json_files(corpus: Corpus, bad_regex: set[str]) -> dict[str, bytes]:
    """The matcher's files, compact on purpose: browsers fetch the matching index when a visitor first
    focuses or pastes into the paste box, the rest only when it is needed."""
    return {f"{MATCH_DIR}/{rel}": (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
            for rel, data in match_files(corpus.entries, bad_regex, LANGS).items()}


def build(entries_dir: Path, docs_dir: Path, repo_url: str, reference: Path = REFERENCE_FILE,
          site_url: str = "/", branch: str = "main", incremental: bool = False) -> BuildResult:
    """Load, lint and render everything; write to docs_dir only if no unacknowledged error was found. Each file is
    written as it is rendered (FileWriter: a changed file beside the old one, which is replaced only once every file is
    rendered and every link checked), so the site is never all in memory. `incremental` (`mkdocs serve`): entry pages
    whose inputs did not change since the last incremental build in this process are not rendered again
    (render_files); the files are the same."""
    report = check(entries_dir, reference, incremental=incremental)
    if report.errors:
        raise BuildError(sorted(report.errors))
    site = make_site(report, repo_url, branch, entries_dir, incremental)
    problems = list(report.problems)
    if not incremental:
        release_free_memory()  # what loading and linting freed, before the workers that render are forked
    if not incremental:
        _KEYS.clear()
    writer = FileWriter(docs_dir, incremental)
    try:
        links = LinkCheck(docs_dir, incremental)
        for rel, data in render_files(site, site_url, incremental):
            key = _known_key(rel, data) if incremental else None
            links.add(rel, data, key)
            writer.add(rel, data, key)
        broken = links.broken()
        if broken:  # a generator bug, not bad input: MkDocs checks no link on a page written as HTML
            raise ValueError(f"generated pages link to no page of the site: {broken[:5]}")
        # A regex whose unsafety was acknowledged (E201/E202) still never ships to browsers.
        unsafe = {p.file for p in report.problems if p.code in ("E201", "E202")}
        bad_regex = {e.id for e in report.corpus.entries if e.path in unsafe}
        for rel, data in match_json_files(report.corpus, bad_regex).items():
            writer.add(rel, data)
        if MERMAID_JS.exists():
            writer.add("assets/generated/mermaid.min.js", MERMAID_JS.read_bytes())
        else:
            problems.append(Problem(str(MERMAID_JS), "", "Mermaid not installed (run `make setup`): diagrams will not "
                                    "render", severity="warning", code="W901"))
    except BaseException:
        writer.discard()
        raise
    result = writer.finish()
    result.problems = problems
    return result


_HTML_PAGE = b"\nee_html: true\n"
_HREF = re.compile(r'<a href="([^"]*)"')


class LinkCheck:
    """The links of every page the generator writes as HTML (entry, index and reproduction pages) that reach no page or
    file of the site. MkDocs rewrites and checks the links of Markdown pages only: these pages' links are final URLs
    (pages.page_url) from where the page is served ([<lang>/]<page>/, a `<folder>/index` page at [<lang>/]<folder>/),
    and must name a generated file or a hand-written page of docs/ (in the page's language, or the default one that
    the i18n plugin shows in its place). Pages are added as they are rendered; a link to a file added before it is
    settled at once, the others once every file is known (broken). `incremental` (serving): a page's links are read
    again only when its bytes changed."""

    def __init__(self, docs_dir: Path = DOCS_DIR, incremental: bool = False) -> None:
        self.docs_dir = docs_dir
        self.incremental = incremental
        self.added: set[str] = set()
        self.pending: dict[tuple[str, ...], list[str]] = {}  # names one of which must exist -> '<page>: <href>'s
        self._unchanged: list[str] = []  # incremental: pages whose bytes (so links) are the last build's
        if not incremental:
            _LINKS.clear()
            _UNRESOLVED.clear()
            _LAST_ADDED[0] = frozenset()

    def add(self, path: str, data: bytes, key: bytes | None = None) -> None:
        """`key`: _content_key(data), if the caller has it already."""
        self.added.add(path)
        if not path.endswith(".md") or _HTML_PAGE not in data[:1000]:
            return
        if self.incremental:
            key = key or _content_key(data)
            if (known := _LINKS.get(path)) is not None and known[0] == key and path in _UNRESOLVED:
                self._unchanged.append(path)  # settled in broken()
                return
        links = remembered(_LINKS, path, key or b"", partial(_page_links, path, data)) if self.incremental \
            else _page_links(path, data)
        _UNRESOLVED.pop(path, None)
        for href, names in links:
            if not any(n in self.added for n in names):
                self.pending.setdefault(names, []).append(f"{path}: {href}")

    def broken(self) -> list[str]:
        """'<page>: <href>' for each link that names none of the files added nor a file of docs/."""
        exists: dict[str, bool] = {}

        def found(rel: str) -> bool:
            if rel not in exists:
                exists[rel] = rel in self.added or (self.docs_dir / rel).is_file() or (DOCS_DIR / rel).is_file()
            return exists[rel]

        for gone in _LINKS.keys() - self.added:
            del _LINKS[gone]
        if self.incremental:
            # An unchanged page's links to generated files still lead where they did if the same files were generated
            # (serving: an edit changes few pages, and ~400,000 links were looked up again each rebuild at 3,000
            # entries); those that no generated file answered (the hand-written pages) are looked for again.
            same = self.added == _LAST_ADDED[0]
            for path in self._unchanged:
                for href, names in (_UNRESOLVED[path] if same else _LINKS[path][1]):
                    if same or not any(n in self.added for n in names):
                        self.pending.setdefault(names, []).append(f"{path}: {href}")
            for path in [p for p in _LINKS if p not in _UNRESOLVED or not same]:
                _UNRESOLVED[path] = [(href, names) for href, names in _LINKS[path][1]
                                     if not any(n in self.added for n in names)]
            for gone in _UNRESOLVED.keys() - _LINKS.keys():
                del _UNRESOLVED[gone]
            _LAST_ADDED[0] = frozenset(self.added)
        return sorted(link for names, links in self.pending.items() if not any(found(n) for n in names)
                      for link in links)


def check_links(files: dict[str, bytes], docs_dir: Path = DOCS_DIR, incremental: bool = False) -> list[str]:
    """LinkCheck over `files` (docs path -> content): '<page>: <href>' for each link that reaches nothing."""
    check = LinkCheck(docs_dir, incremental)
    for path, data in files.items():
        check.add(path, data)
    return check.broken()


_LINKS: dict[str, tuple[bytes, list[tuple[str, tuple[str, ...]]]]] = {}  # page -> (digest, its links), while serving
# While serving: each page's links that no generated file answered in the last build, and that build's generated files.
_UNRESOLVED: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
_LAST_ADDED: list[frozenset[str]] = [frozenset()]


def _page_links(path: str, data: bytes) -> list[tuple[str, tuple[str, ...]]]:
    """(href, the docs files one of which must exist for it to lead somewhere) for each distinct relative link of a
    generated page; none for a link out of the site's folder."""
    suffixes = {f".{lang}.md": lang for lang in LANGS if lang != DEFAULT_LANG}
    lang = next((code for suffix, code in suffixes.items() if path.endswith(suffix)), DEFAULT_LANG)
    page = path.removesuffix(".md").removesuffix(f".{lang}")
    page = page.removesuffix("/index") if page.endswith("/index") else page  # repro/<owner>/index: its folder
    base = f"{prefix(lang)}{page}/"
    out: list[tuple[str, tuple[str, ...]]] = []
    for href in dict.fromkeys(_HREF.findall(data.decode("utf-8"))):
        target = html.unescape(href).split("#", 1)[0]
        if not target or urlsplit(target).scheme:
            continue
        url = posixpath.normpath(posixpath.join(base, target))
        if url.startswith("../"):
            out.append((href, ()))
            continue
        if not target.endswith("/"):  # a file (the JSON API)
            out.append((href, (url,)))
            continue
        rel = url.removeprefix(prefix(lang)) if url.startswith(prefix(lang)) else None
        names = [] if rel is None else [f"{rel}.md", f"{rel}/index.md"]
        if lang != DEFAULT_LANG:
            names = [f"{n.removesuffix('.md')}.{lang}.md" for n in names] + names
        out.append((href, tuple(names)))
    return out


def _inside(rel: str) -> bool:
    """A relative path into a folder of docs/ (never a top-level hand-written page, never out of docs/)."""
    parts = rel.split("/")
    return len(parts) > 1 and not {"", ".", ".."} & set(parts) and not rel.startswith(("/", "\\"))


def _owned(rel: str) -> bool:
    return _inside(rel) and any(rel.startswith(d + "/") for d in OWNED_DIRS)


def _manifest(docs_dir: Path) -> list[str]:
    """What the last build wrote, as it recorded it."""
    try:
        recorded = json.loads((docs_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return sorted(r for r in recorded if isinstance(r, str) and _inside(r)) if isinstance(recorded, list) else []


class WrittenFiles(Mapping[str, bytes]):
    """A build's files (docs path -> content), read from docs/ where they were written: the site is not held."""

    def __init__(self, docs_dir: Path, names: Iterable[str]) -> None:
        self.docs_dir = docs_dir
        self.names = sorted(names)
        self._set = frozenset(self.names)

    def __getitem__(self, rel: str) -> bytes:
        if rel not in self._set:
            raise KeyError(rel)
        return (self.docs_dir / rel).read_bytes()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, rel: object) -> bool:
        return rel in self._set


def _content_key(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


# While serving: each generated file's bytes as the last build made them, and their _content_key. What a memo gave again
# (an entry page, a reproduction file, an entry's JSON) is the same bytes object, whose digest is known: hashing the
# 164 MB of a 3,000-entry site's files took ~0.15 s of each rebuild.
_KEYS: dict[str, tuple[bytes, bytes]] = {}


def _known_key(rel: str, data: bytes) -> bytes:
    known = _KEYS.get(rel)
    if known is None or known[0] is not data:
        known = _KEYS[rel] = (data, _content_key(data))
    return known[1]


# `mkdocs serve` (incremental): what each generated file of a docs folder held when this process last wrote it or
# found it so: docs path -> (its stat, _content_key of its bytes); and the names of the folder's last build. A rebuild
# then tells an unchanged file by its stat and the digest of the new bytes, without reading it, and finds the files no
# longer produced from the last build's names, without walking the owned folders (at 3,000 entries, reading the
# 17,400 files and walking the folders took ~0.4 s of each rebuild). A stat that changed (a file edited or removed by
# hand) sends it back to the comparison of bytes, and the first build of a folder in the process walks it.
_ON_DISK: dict[Path, dict[str, tuple[Stamp, bytes]]] = {}
_LAST_NAMES: dict[Path, set[str]] = {}


class FileWriter:
    """Writes changed files only (unchanged files keep their mtime, so `mkdocs serve` does not loop), as they come
    (add); finish() then puts the changed ones in place and removes the generated files no longer produced; discard()
    instead leaves docs/ as it was (a failure after some files were added). `incremental`: remembers what it wrote
    for the next build in this process (_ON_DISK)."""

    def __init__(self, docs_dir: Path, incremental: bool = False) -> None:
        self.docs_dir = docs_dir
        folder = docs_dir.resolve()
        if not incremental:
            _ON_DISK.pop(folder, None)
            _LAST_NAMES.pop(folder, None)
        self._known = _ON_DISK.setdefault(folder, {}) if incremental else None
        self._last_names = _LAST_NAMES.pop(folder, None) if incremental else None
        self._folder = folder
        self._keys: dict[str, bytes] = {}  # docs path -> _content_key of what was added (incremental)
        self.names: set[str] = set()
        self.result = BuildResult()
        self._new: list[Path] = []  # written in place (nothing was there): removed by discard
        self._changed: list[Path] = []  # written beside (<name>.tmp): moved over by finish, removed by discard
        self._folders: set[Path] = set()  # made (or found) already: one mkdir per folder, not per file

    def add(self, rel: str, data: bytes, key: bytes | None = None) -> None:
        """`key`: _content_key(data), if the caller has it already (incremental)."""
        if not _owned(rel):  # a generator bug, not bad input: nothing may be written where `clean` would not find it
            raise ValueError(f"generated files outside the owned folders {OWNED_DIRS}: {[rel]}")
        if rel in self.names:
            raise ValueError(f"generated twice: {rel}")
        self.names.add(rel)
        if self._known is not None:
            key = self._keys[rel] = key or _content_key(data)
            known = self._known.get(rel)
            if known is not None and known[1] == key and known[0] == file_stamp(os.path.join(self.docs_dir, rel)):
                self.result.unchanged += 1
                return
        path = self.docs_dir / rel
        try:
            same: bool | None = path.read_bytes() == data
        except (FileNotFoundError, NotADirectoryError):
            same = None  # new
        if same:
            self.result.unchanged += 1
            if self._known is not None and (stamp := file_stamp(path)) is not None:
                self._known[rel] = (stamp, self._keys[rel])
            return
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)
        if same is None:  # a new file (a cold build writes ~17,000 at 3,000 entries): written in place
            with open(path, "xb") as f:
                f.write(data)
            self._new.append(path)
        else:  # a changed file (`mkdocs serve` may be reading it): replaced whole by finish, never seen half-written
            _beside(path).write_bytes(data)
            self._changed.append(path)
        self.result.written.append(rel)

    def discard(self) -> None:
        if self._known is not None:
            self._known.clear()  # what is on disk is told by reading it again
        for path in self._new:
            path.unlink(missing_ok=True)
            _remove_empty_parents(path.parent, self.docs_dir)
        for path in self._changed:
            _beside(path).unlink(missing_ok=True)
        self._new, self._changed = [], []

    def finish(self) -> BuildResult:
        docs_dir, result = self.docs_dir, self.result
        for path in self._changed:
            _beside(path).replace(path)
        if self._known is not None:
            for path in [*self._new, *self._changed]:
                rel = path.relative_to(docs_dir).as_posix()
                if (stamp := file_stamp(path)) is not None:
                    self._known[rel] = (stamp, self._keys[rel])
        previous = _manifest(docs_dir)
        if self._last_names is not None:  # the last build in this process wrote these: no need to walk the folders
            for rel in sorted(self._last_names - self.names, reverse=True):
                path = docs_dir / rel
                if path.is_file() or path.is_symlink():
                    path.unlink()
                    result.removed.append(rel)
                    _remove_empty_parents(path.parent, docs_dir)
        else:
            self._remove_unproduced()
        if self._known is not None:
            for rel in self._known.keys() - self.names:
                del self._known[rel]
            _LAST_NAMES[self._folder] = set(self.names)
        for rel in previous:  # written by an earlier build into a folder that is no longer owned
            path = docs_dir / rel
            if rel not in self.names and (path.is_file() or path.is_symlink()):
                path.unlink()
                result.removed.append(rel)
                _remove_empty_parents(path.parent, docs_dir)
        names = sorted(self.names)
        if names != previous:
            _write_manifest(docs_dir, names)
        result.written.sort()
        result.files = WrittenFiles(docs_dir, names)
        return result

    def _remove_unproduced(self) -> None:
        """Remove every file of the owned folders this build did not produce, and the folders left empty."""
        docs_dir, result = self.docs_dir, self.result
        for owned in OWNED_DIRS:
            base = docs_dir / owned
            if not base.exists():
                continue
            for path in sorted(base.rglob("*"), reverse=True):
                rel = path.relative_to(docs_dir).as_posix()
                if rel in self.names:  # a file just written (or found unchanged): nothing to remove, no need to stat it
                    continue
                if path.is_file() or path.is_symlink():
                    path.unlink()
                    result.removed.append(rel)
                elif path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
                    path.rmdir()


def _beside(path: Path) -> Path:
    """Where a changed file's new bytes wait until FileWriter.finish moves them over it."""
    return path.with_name(path.name + ".tmp")


def write_files(docs_dir: Path, files: dict[str, bytes]) -> BuildResult:
    """FileWriter over `files` (docs path -> content); nothing written if one of them may not be."""
    writer = FileWriter(docs_dir)
    try:
        for rel, data in files.items():
            writer.add(rel, data)
    except BaseException:
        writer.discard()
        raise
    return writer.finish()


def _remove_empty_parents(folder: Path, docs_dir: Path) -> None:
    """Remove empty folders from `folder` up, short of docs/ and of folders that hold an owned one (assets/)."""
    while folder != docs_dir and docs_dir in folder.parents:
        rel = folder.relative_to(docs_dir).as_posix()
        if any(d.startswith(rel + "/") for d in OWNED_DIRS):
            return
        try:
            folder.rmdir()  # only when empty
        except OSError:
            return
        folder = folder.parent


def _write_manifest(docs_dir: Path, rels: list[str]) -> None:
    tmp = docs_dir / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(rels, indent=0) + "\n", encoding="utf-8")
    tmp.replace(docs_dir / MANIFEST)


def clean(docs_dir: Path) -> None:
    """Remove everything the generator writes: the owned folders and whatever the last build recorded."""
    for rel in _manifest(docs_dir):
        path = docs_dir / rel
        if path.is_file() or path.is_symlink():
            path.unlink()
            _remove_empty_parents(path.parent, docs_dir)
    for owned in OWNED_DIRS:
        shutil.rmtree(docs_dir / owned, ignore_errors=True)
    (docs_dir / MANIFEST).unlink(missing_ok=True)
