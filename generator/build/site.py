"""Build the generated part of docs/: render every page in memory, then write only what changed."""
from __future__ import annotations

import hashlib
import html
import json
import posixpath
import re
import shutil
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup

from generator.config import domain_ids
from generator.l10n.i18n import DEFAULT_LANG, LANGS
from generator.l10n.languages import page_file, prefix
from generator.l10n.translation import Finding, known_messages, page_findings, remember, translation_report
from generator.lint.checks import Report, check
from generator.load.corpus import Corpus
from generator.match.engine import match_files
from generator.memo import digest, remembered
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
    files: dict[str, bytes] = field(default_factory=dict)


def make_site(report: Report, repo_url: str, branch: str = "main", entries_dir: Path | None = None) -> Site:
    """The site model: entries, graph, article links, the tier each page shows and the warnings it lists, and (given
    the entries folder) the reproduction folders it publishes."""
    corpus = report.corpus
    links = all_related_entries(corpus.articles, corpus.entries)
    return Site(entries={e.id: e for e in corpus.entries}, graph=build_graph(corpus.entries), articles=corpus.articles,
                article_links=links, effective_tier=report.tiers(), repo_url=repo_url.rstrip("/"), edit_branch=branch,
                notices=report.page_notices(), tested=report.tested, redirects=report.redirects,
                repro=repro.read_all(entries_dir) if entries_dir is not None else {})


def render_all(site: Site, site_url: str = "/", incremental: bool = False) -> dict[str, bytes]:
    """docs-relative path -> file content, for every generated file. `site_url`: the address the site is served at
    (`https://<owner>.github.io/<repo>/` for a project site), which the JSON API's URLs start with. `incremental`:
    render again only the entry pages whose inputs changed since the last incremental build in this process, and
    remember this build's (`mkdocs serve`); otherwise render every page and remember none."""
    files: dict[str, str | bytes] = {}
    inputs = EntryInputs(site) if incremental else None
    messages = known_messages(site.entries.values())
    if not incremental:
        _ENTRY_PAGES.clear()
        # Cold: every entry page and what the translation report finds on it, on every core (generator/workers.py).
        rendered = dict(zip(site.entries, fork_map(lambda e: entry_pages(e, site, messages),
                                                   list(site.entries.values())), strict=True))
        remember(((page, found) for pages in rendered.values() for page, found in pages.values() if found is not None),
                 messages)
    for gone in [k for k in _ENTRY_PAGES if k[0] not in site.entries]:  # entries removed since, or another corpus
        del _ENTRY_PAGES[gone]
    for lang in LANGS:
        for e in site.entries.values():
            files[page_file(e.id, lang)] = rendered[e.id][lang][0] if inputs is None else \
                entry_page(e, site, lang, inputs)
        for a in site.articles:
            files[page_file(f"articles/{a.id}", lang)] = render_article(a, site, lang)
        for old_id, new_id in site.redirects.items():
            files[page_file(old_id, lang)] = render_redirect(old_id, new_id, site, lang)
        files[page_file("articles/index", lang)] = indexes.articles_index(site, lang)
        files[page_file("browse/index", lang)] = indexes.browse_index(site, lang)
        for domain in sorted({e.domain for e in site.entries.values()}):
            files[page_file(f"browse/{domain}", lang)] = indexes.domain_page(domain, site, lang)
        files[page_file("browse/codes", lang)] = indexes.codes_page(site, lang)
        files[page_file("browse/tags", lang)] = indexes.tags_page(site, lang)
        files[page_file("browse/versions", lang)] = indexes.versions_page(site, lang)
        files[page_file("rules/index", lang)] = indexes.rules_page(lang)
    rendered = {}  # its pages are in `files` now: not held twice
    files.update(repro_pages(site, incremental))
    for owner, stored in site.repro.items():
        files.update(repro.raw_files(owner, stored))
    # Last: the translation report reads each translated language's pages as rendered above. Its page in that
    # language shows its own report; the default language's shows every translated language's.
    reports = {lang: translation_report({p: str(v) for p, v in files.items() if p.endswith(f".{lang}.md")}, messages)
               for lang in LANGS if lang != DEFAULT_LANG}
    for lang in LANGS:
        shown = {lang: reports[lang]} if lang in reports else reports
        files[page_file("browse/translation", lang)] = indexes.translation_page(site, lang, shown)
    files.update(api_files(site, site_url, inputs))
    # Encoded one by one, each text let go once encoded: the site's text is never held twice (at 3,000 entries the
    # generator's process peaked at 503 MB instead of 638).
    out: dict[str, bytes] = {}
    for rel in sorted(files):
        data = files.pop(rel)
        out[rel] = data.encode("utf-8") if isinstance(data, str) else data
    return out


# Entry pages rendered by the last incremental build in this process (`mkdocs serve` rebuilds in the same one), by a
# digest of everything render_entry reads: a page whose inputs are unchanged is not rendered again. Kept only while
# serving: a full build does not hold every page once written. ENTRY_PAGES_RENDERED counts incremental renders.
_ENTRY_PAGES: dict[tuple[str, str], tuple[bytes, str]] = {}
ENTRY_PAGES_RENDERED = 0


class EntryInputs:
    """What the pages of a build have in common, digested once per build: each entry (its file), each article, the
    stored runs of each entry's tested items, the template."""

    def __init__(self, site: Site) -> None:
        self.entries = {e.id: digest(e.path, e.raw) for e in site.entries.values()}
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
                      site.repro.get(e.id))


def entry_page(e: Entry, site: Site, lang: str, inputs: EntryInputs) -> str:
    """render_entry(e, site, lang), or the page rendered earlier in this process from the same inputs."""
    def render() -> str:
        global ENTRY_PAGES_RENDERED
        ENTRY_PAGES_RENDERED += 1
        return render_entry(e, site, lang)
    return remembered(_ENTRY_PAGES, (e.id, lang), inputs.of(e, site, lang), render)


def entry_pages(e: Entry, site: Site, messages: frozenset[tuple[str, ...]]) \
        -> dict[str, tuple[str, tuple[Finding, ...] | None]]:
    """The entry's page in each language, with what the translation report finds on it (None in the default
    language, which the report does not read)."""
    out: dict[str, tuple[str, tuple[Finding, ...] | None]] = {}
    for lang in LANGS:
        page = render_entry(e, site, lang)
        out[lang] = (page, None if lang == DEFAULT_LANG else tuple(page_findings(page, messages)))
    return out


# Each reproduction folder's highlighted files, by a digest of its files, kept while serving (as _ENTRY_PAGES): a
# rebuild highlights again only the folders that changed. REPRO_FOLDERS_HIGHLIGHTED counts the folders highlighted.
_REPRO_BLOCKS: dict[str, tuple[bytes, dict[str, Markup]]] = {}
REPRO_FOLDERS_HIGHLIGHTED = 0


def repro_pages(site: Site, incremental: bool) -> dict[str, str]:
    """docs path -> page, for each reproduction folder's page in every language. A folder's files are highlighted once
    for its pages in every language (Pygments: most of their cost), on every core when cold (each process renders
    whole folders' pages: the highlighted files are not kept); while serving, remembered by the folder's files."""
    global REPRO_FOLDERS_HIGHLIGHTED

    def pages(owner: str, blocks: dict[str, Markup]) -> dict[str, str]:
        return {page_file(repro.page_path(owner), lang): repro_page(site, owner, site.repro[owner], lang, blocks)
                for lang in LANGS}

    out: dict[str, str] = {}
    if not incremental:
        _REPRO_BLOCKS.clear()
        _REPRO_PAGES.clear()
        REPRO_FOLDERS_HIGHLIGHTED += len(site.repro)
        for made in fork_map(lambda owner: pages(owner, repro.code_blocks(site.repro[owner])), list(site.repro),
                             min_items=20):
            out.update(made)
        return out
    for gone in [owner for owner in _REPRO_BLOCKS if owner not in site.repro]:
        del _REPRO_BLOCKS[gone]
    for page in [k for k in _REPRO_PAGES if k[0] not in site.repro]:
        del _REPRO_PAGES[page]
    for owner, stored in site.repro.items():
        key = digest(stored)
        if _REPRO_BLOCKS.get(owner, (b"", {}))[0] != key:
            _REPRO_BLOCKS[owner] = (key, repro.code_blocks(stored))
            REPRO_FOLDERS_HIGHLIGHTED += 1
        blocks = _REPRO_BLOCKS[owner][1]
        for lang in LANGS:  # the page again only if its files, its title or its links changed
            page_key = digest(key, _repro_context(site, owner, lang), site.repo_url, site.edit_branch)
            out[page_file(repro.page_path(owner), lang)] = remembered(
                _REPRO_PAGES, (owner, lang), page_key, partial(repro_page, site, owner, stored, lang, blocks))
    return out


_REPRO_PAGES: dict[tuple[str, str], tuple[bytes, str]] = {}  # (owner, language) -> (digest, page), while serving


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


def api_files(site: Site, site_url: str = "/", inputs: EntryInputs | None = None) -> dict[str, str]:
    """api/v1/<id>.json (each entry as published) and api/v1/index.json (every entry with the address of its JSON and
    of its page in each language), with absolute URLs made from the site's address. `inputs` (serving): an entry's
    JSON is made again only when its file, tier or links changed."""
    base = site_base(site_url)
    out = {}
    index = []
    if inputs is None:
        _ENTRY_JSON.clear()
    for e in sorted(site.entries.values(), key=lambda e: e.id):
        links = site.graph[e.id]
        pages = {lang: f"{base}{prefix(lang)}{e.id}/" for lang in LANGS}
        published = partial(_entry_json, e, site.effective_tier[e.id], links, pages)
        out[f"api/v1/{e.id}.json"] = published() if inputs is None else remembered(
            _ENTRY_JSON, e.id, digest(inputs.entries[e.id], site.effective_tier[e.id], links, base), published)
        index.append({"id": e.id, "signature": e.signature, "signature_zh": e.signature_zh,
                      "error_code": e.error_code, "domain": e.domain, "category": e.category,
                      "verification_tier": site.effective_tier[e.id], "url": f"{base}api/v1/{e.id}.json",
                      "html": pages})
    for old, new in sorted(site.redirects.items()):  # a moved id's JSON says where it went (config/ids.txt)
        out[f"api/v1/{old}.json"] = _json({"id": old, "moved_to": new, "url": f"{base}api/v1/{new}.json"})
    moved = [{"id": old, "moved_to": new} for old, new in sorted(site.redirects.items())]
    out["api/v1/index.json"] = _json({"version": 1, "count": len(index), "entries": index,
                                      **({"moved": moved} if moved else {})})
    return out


def match_json_files(corpus: Corpus, bad_regex: set[str]) -> dict[str, bytes]:
    """The matcher's files, compact on purpose: browsers fetch the matching index when a visitor first
    focuses or pastes into the paste box, the rest only when it is needed."""
    return {f"{MATCH_DIR}/{rel}": (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
            for rel, data in match_files(corpus.entries, bad_regex, LANGS).items()}


def build(entries_dir: Path, docs_dir: Path, repo_url: str, reference: Path = REFERENCE_FILE,
          site_url: str = "/", branch: str = "main", incremental: bool = False) -> BuildResult:
    """Load, lint and render everything in memory; write to docs_dir only if no unacknowledged error was found.
    `incremental` (`mkdocs serve`): entry pages whose inputs did not change since the last incremental build in this
    process are not rendered again (render_all); the files are the same."""
    report = check(entries_dir, reference, incremental=incremental)
    if report.errors:
        raise BuildError(sorted(report.errors))
    site = make_site(report, repo_url, branch, entries_dir)
    problems = list(report.problems)
    files = render_all(site, site_url, incremental)
    broken = check_links(files, docs_dir, incremental)
    if broken:  # a generator bug, not bad input: MkDocs checks no link on a page written as HTML
        raise ValueError(f"generated pages link to no page of the site: {broken[:5]}")
    # A regex whose unsafety was acknowledged (E201/E202) still never ships to browsers.
    unsafe = {p.file for p in report.problems if p.code in ("E201", "E202")}
    files.update(match_json_files(report.corpus, {e.id for e in report.corpus.entries if e.path in unsafe}))
    if MERMAID_JS.exists():
        files["assets/generated/mermaid.min.js"] = MERMAID_JS.read_bytes()
    else:
        problems.append(Problem(str(MERMAID_JS), "", "Mermaid not installed (run `make setup`): diagrams will not "
                                "render", severity="warning", code="W901"))
    result = write_files(docs_dir, files)
    result.problems = problems
    return result


_HTML_PAGE = b"\nee_html: true\n"
_HREF = re.compile(r'<a href="([^"]*)"')


def check_links(files: dict[str, bytes], docs_dir: Path = DOCS_DIR, incremental: bool = False) -> list[str]:
    """The links of every page the generator wrote as HTML (entry, index and reproduction pages) that reach no page or
    file of the site, as '<page>: <href>'. MkDocs rewrites and checks the links of Markdown pages only: these pages'
    links are final URLs (pages.page_url) from where the page is served ([<lang>/]<page>/, a `<folder>/index` page at
    [<lang>/]<folder>/), and must name a generated file or a hand-written page of docs/ (in the page's language, or
    the default one that the i18n plugin shows in its place). `incremental` (serving): a page's links are read again
    only when its bytes changed; whether what they name exists is looked up every time."""
    exists: dict[str, bool] = {}

    def found(rel: str) -> bool:
        if rel not in exists:
            exists[rel] = rel in files or (docs_dir / rel).is_file() or (DOCS_DIR / rel).is_file()
        return exists[rel]

    if not incremental:
        _LINKS.clear()
    broken = []
    for path, data in files.items():
        if not path.endswith(".md") or _HTML_PAGE not in data[:1000]:
            continue
        links = remembered(_LINKS, path, hashlib.blake2b(data, digest_size=16).digest(),
                           partial(_page_links, path, data)) if incremental else _page_links(path, data)
        broken += [f"{path}: {href}" for href, names in links if not any(found(n) for n in names)]
    for gone in _LINKS.keys() - files.keys():
        del _LINKS[gone]
    return broken


_LINKS: dict[str, tuple[bytes, list[tuple[str, tuple[str, ...]]]]] = {}  # page -> (digest, its links), while serving


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


def write_files(docs_dir: Path, files: dict[str, bytes]) -> BuildResult:
    """Write changed files only (unchanged files keep their mtime, so `mkdocs serve` does not loop),
    then remove generated files that are no longer produced."""
    outside = [rel for rel in files if not _owned(rel)]
    if outside:  # a generator bug, not bad input: nothing may be written where `clean` would not find it
        raise ValueError(f"generated files outside the owned folders {OWNED_DIRS}: {outside[:5]}")
    result = BuildResult(files=files)
    previous = _manifest(docs_dir)
    folders: set[Path] = set()  # made (or found) already: one mkdir per folder, not per file
    for rel, data in files.items():
        path = docs_dir / rel
        try:
            same: bool | None = path.read_bytes() == data
        except (FileNotFoundError, NotADirectoryError):
            same = None  # new
        if same:
            result.unchanged += 1
            continue
        if path.parent not in folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            folders.add(path.parent)
        if same is None:  # a new file (a cold build writes ~17,000 at 3,000 entries): written in place
            with open(path, "xb") as f:
                f.write(data)
        else:  # a changed file (`mkdocs serve` may be reading it): replaced whole, never seen half-written
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        result.written.append(rel)
    for owned in OWNED_DIRS:
        base = docs_dir / owned
        if not base.exists():
            continue
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(docs_dir).as_posix()
            if rel in files:  # a file just written (or found unchanged): nothing to remove, no need to stat it
                continue
            if path.is_file() or path.is_symlink():
                path.unlink()
                result.removed.append(rel)
            elif path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
                path.rmdir()
    for rel in previous:  # written by an earlier build into a folder that is no longer owned
        path = docs_dir / rel
        if rel not in files and (path.is_file() or path.is_symlink()):
            path.unlink()
            result.removed.append(rel)
            _remove_empty_parents(path.parent, docs_dir)
    if sorted(files) != previous:
        _write_manifest(docs_dir, sorted(files))
    return result


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
