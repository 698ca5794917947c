"""MkDocs hook (thin edge): regenerate docs/ from entries/ before each build, watch entries/ in `mkdocs serve`,
and guard generated pages' links as a second line of defence."""
from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

# MkDocs loads hooks by file path, not as part of a package: make this checkout's `generator` importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.plugins import event_priority

from generator.build import parallel, search_index, serve, serve_cache, serve_site, shared_files
from generator.build.builddate import set_source_date_epoch
from generator.build.compact import compact
from generator.build.csp import add_policy
from generator.build.generate_process import GeneratorFailed, build_apart
from generator.build.memory import release_free_memory
from generator.build.site import MATCH_INDEX, build
from generator.config import site_settings
from generator.l10n.i18n import DEFAULT_LANG, LANGS, strings
from generator.l10n.languages import prefix
from generator.match.ui import ui_config_script
from generator.mkdocs_edge import frame
from generator.mkdocs_edge.page_bodies import PageBodies
from generator.paths import ENTRIES_DIR
from generator.problems import BuildError
from generator.render.head import absolute, alternate_links
from generator.render.markup import repository_links
from generator.render.sanitize import clean_html

if TYPE_CHECKING:  # MkDocs' own types, for annotations only (nothing more imported at build time)
    from jinja2 import Environment
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.generator")
_URL_ATTR = re.compile(r'(\s(?:href|src|xlink:href|action|formaction)\s*=\s*")([^"]*)(")', re.I)
_TAG = re.compile(r"<[A-Za-z][^<>]*>")
# A tag (as _TAG) holding an attribute _URL_ATTR may change: the only tags the link guard needs to look at.
_TAG_WITH_URL = re.compile(r'<[A-Za-z][^<>]*?\s(?:href|src|xlink:href|action|formaction)\s*=\s*"[^<>]*>', re.I)
_SCHEME = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9+.-]*):")


def safe_href(value: str) -> bool:
    """Relative URLs and http(s)/mailto only; entities are decoded first (`&#106;avascript:` tricks)."""
    import html
    m = _SCHEME.match(html.unescape(value).replace("\t", "").replace("\n", ""))
    return m is None or m.group(1).lower() in ("http", "https", "mailto")


def entries_dir() -> Path:
    """entries/ of this checkout, or ENCYCLOPEDIA_ENTRIES (tests and benchmarks build other corpora)."""
    return Path(os.environ.get("ENCYCLOPEDIA_ENTRIES") or ENTRIES_DIR)




PROJECT = Path(__file__).resolve().parents[2]


@event_priority(-110)  # after the i18n plugin (-100) has set up the language being built
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The build's date comes from the sources (generator/build/builddate.py), not from the day it runs: sitemap.xml
    and sitemap.xml.gz are then the same whenever the same sources are built.

    The footer in the language being built (the i18n plugin runs this again for each language, after it has set
    the theme's language): Material's own "Made with Material for MkDocs" is English only, so it is switched off
    and the locale table's `footer` takes its place."""
    set_source_date_epoch(PROJECT, entries_dir())
    # The i18n plugin points the language switcher at each page's alternates by setting `config.extra.alternate` as
    # an attribute (beside the item its on_config resets): the next language's 404 page then linked to the last page
    # the previous language built. Each language starts from the plugin's item.
    vars(config.extra).pop("alternate", None)
    lang = _language_built(config)
    config.copyright = strings(lang if lang in LANGS else DEFAULT_LANG)["footer"]
    config.extra["generator"] = False
    return config


# The i18n plugin builds each language with the same config object and runs every hook again: generate once
# per config (`mkdocs serve` loads a fresh config for each rebuild, so edits are still picked up).
_generated_for: list[MkDocsConfig] = []
# docs-relative paths of the pages the generator wrote (from untrusted entries and articles); the rest of docs/
# is hand-written and reviewed like code.
_generated_pages: set[str] = set()


def on_startup(command: str, dirty: bool) -> None:
    serve.command[0] = command


def on_pre_build(config: MkDocsConfig) -> None:
    if any(c is config for c in _generated_for):
        return
    serve_cache.RENDERED[0] = 0  # counted over every language of this build
    if serve.serving():  # the site folder is kept, and what the build does not produce removed after it
        serve.hold_collection()  # until on_post_build (or on_build_error) settles the build's objects
        serve_site.install()
        serve_site.begin()
    # The repository from config/site.yml, not MkDocs' `repo_url`: with that, Material calls api.github.com from every
    # page (blocked for many zh readers).
    settings = site_settings()
    try:
        if serve.serving():  # each rebuild renders again only the entry pages an edit touched (site.render_all)
            result = build(entries_dir(), Path(config.docs_dir), settings.repository, site_url=config.site_url or "/",
                           branch=settings.branch, incremental=True)
        else:  # in a process of its own, whose memory is returned before the pages are built (generate_process)
            result = build_apart(entries_dir(), Path(config.docs_dir), settings.repository, config.site_url or "/",
                                 settings.branch)
    except BuildError as exc:
        if serve.serving() and (Path(config.docs_dir) / MATCH_INDEX).exists():
            # Serving, with a generation to show: build that, and show the problems instead of every page
            # (raising here would leave every page request hanging; generator/build/serve.py).
            serve.report(exc.problems)
            serve.problems[:] = exc.problems
            _generated_for[:] = [config]
            return
        for p in exc.problems:
            log.error(str(p))
        raise Abort(f"{len(exc.problems)} invalid input file(s); fix them and build again") from None
    except GeneratorFailed as exc:
        raise Abort(str(exc)) from None
    serve.problems.clear()
    for p in result.problems:
        log.info(str(p))  # warnings are reported by `python -m generator validate`; --strict must not fail on them
    if result.written or result.removed:
        log.info(f"generator: {len(result.written)} written, {len(result.removed)} removed, "
                 f"{result.unchanged} unchanged")
    _generated_for[:] = [config]
    _generated_pages.clear()
    _generated_pages.update(rel for rel in result.files if rel.endswith(".md"))


def _language_built(config: MkDocsConfig) -> str:
    """The language this build (or the i18n plugin's pass over the config) is building: the theme's."""
    return str(config.theme.get("language") or DEFAULT_LANG)


def _page_language(page: Page) -> str:
    return str(getattr(page.file, "locale", "") or "")


@event_priority(-200)  # after the i18n plugin (-100) has listed every language's files and their alternates
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """`mkdocs build`: the other languages are built by forked processes meanwhile (generator/build/parallel.py)."""
    lang = _language_built(config)
    shared_files.put_back(files, default_language_build=lang == DEFAULT_LANG, link=not serve.serving())
    if lang == DEFAULT_LANG:  # a forked language indexes its pages with these pages' sources
        _english_sources.clear()
        _english_sources.update({Path(f.dest_uri): Path(f.abs_src_path) for f in files.documentation_pages()
                                 if f.abs_src_path})
    parallel.start(config, config.plugins.get("i18n"), serve.command[0], finish=_finish_child)
    if serve.serving():  # pages whose inputs are unchanged since an earlier rebuild are not rendered again
        serve.built_files.append(files)
        if serve.problems:
            serve_cache.forget()
        else:
            _serve_builds[lang] = serve_cache.build_key(config, files, lang, PROJECT)
    return files


_serve_builds: dict[str, bytes] = {}  # language -> serve_cache.build_key of this build
_english_sources: dict[Path, Path] = {}  # the default language's pages: path in the site -> source in docs/


def on_build_error(error: Exception) -> None:
    _page_bodies.clear()
    parallel.stop()
    if serve.serving():
        serve.settle_objects()


@event_priority(-200)  # after the i18n plugin (-100) has built the other languages
def on_post_build(config: MkDocsConfig) -> None:
    _page_bodies.clear()  # every page of this language is written
    i18n = config.plugins.get("i18n")
    site = Path(config.site_dir)
    # The search index (Pagefind) is made inside the build (`make build` swaps the site in only after this, so a
    # failure here leaves the previous site as it was). A preview showing the entries' problems instead of pages
    # (generator/serve.py) keeps the index it had.
    if parallel.children:  # the default language's build; forked processes build the others
        built, lang = list(parallel.children), _language_built(config)
        release_free_memory()  # its pages are written and let go: what it freed is not held beside the Pagefind runs
        # This language's index first, while the other languages' processes still write their pages (it reads none of
        # them): each Pagefind run holds one slice of a language's index (search_index.SLICE_PAGES), so their memory
        # and its add up to less than one run over a whole language did (3,000 entries: 45.8 -> 44.0 s, two builds).
        try:
            search_index.index_default_language(site, lang, skip=built)
        except search_index.SearchIndexError as exc:
            raise Abort(f"search index: {exc}") from None
        failed = parallel.wait(i18n)
        if failed:
            raise Abort(f"the build of {', '.join(failed)} failed (its errors are above)")
        # Each other language's copy for the index in a fresh process: the memory of its build process is free then.
        preparing = {code: search_index.start_preparing(site, code, _english_sources) for code in built}
        try:
            for code, process in preparing.items():
                search_index.finish_preparing(process, site, code)
        except search_index.SearchIndexError as exc:
            for process in preparing.values():
                process.kill()
            raise Abort(f"search index: {exc}") from None
        _merge_sitemaps(config, built)
        _place_not_found_pages(config)
        try:
            counts = search_index.index_staged(site, lang, built)
        except search_index.SearchIndexError as exc:
            raise Abort(f"search index: {exc}") from None
        log.info(f"search: Pagefind index, pages per language {counts}")
        return
    if i18n is not None and getattr(i18n, "building", False):
        return  # inside the build of another language: the search index is made once every language is written
    placed = _place_not_found_pages(config)
    if serve.serving():
        serve_site.finish(site, also=placed)
    try:
        if serve.problems:
            return
        try:  # every language is written: each one's index (serving: only those whose searchable text changed)
            counts = search_index.build_index(site, keep=serve.search_bundles() if serve.serving() else None)
        except search_index.SearchIndexError as exc:
            raise Abort(f"search index: {exc}") from None
        log.info(f"search: Pagefind index, pages per language {counts}")
    finally:
        if serve.serving():
            serve.settle_objects()


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """overrides/main.html renders the paste box's UI strings with this (per page language); overrides/partials/ render
    the frame's parts that read the same on many pages once (generator/mkdocs_edge/frame.py), and include the theme's
    own template of a partial they wrap as "material/<name>"."""
    import importlib.util

    import jinja2

    material = importlib.util.find_spec("material")
    if env.loader is not None and material is not None and material.origin is not None:
        theme = jinja2.FileSystemLoader(str(Path(material.origin).resolve().parent / "templates"))
        env.loader = jinja2.ChoiceLoader([env.loader, jinja2.PrefixLoader({"material": theme})])
    if serve.serving():
        env.bytecode_cache = serve_cache.TEMPLATES
    env.globals["ee_memo"] = frame.FragmentMemo()  # a new one for each build of each language, as the environment
    env.globals["ee_frame_key"] = frame.FrameKey()
    env.globals["ee_match_config"] = ui_config_script
    env.globals["ee_strings"] = strings  # the 404 page's text and links in each language (overrides/404.html)
    env.globals["ee_prefix"] = prefix
    env.globals["ee_languages"] = LANGS
    return env


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Callable[..., Any]) -> LiveReloadServer:
    server.watch(str(entries_dir()))
    serve.watch_hand_written(server, Path(config.docs_dir))  # not the generator's own writes: one rebuild per edit
    return server


# Searched in <head> only: from every run of whitespace of a whole page, the leading \s* made it ~0.35 ms per page.
_HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def _alternates(page: Page, config: MkDocsConfig) -> str:
    """hreflang <link>s for this page and its other-language versions (absolute, under site_url)."""
    i18n = config.plugins.get("i18n")
    files = getattr(page.file, "alternates", None) or {}
    if i18n is None or not config.site_url:
        return ""
    urls = {lang: absolute(config.site_url, f.url) for lang, f in files.items() if f is not None}
    return alternate_links(urls, str(getattr(i18n, "default_language", DEFAULT_LANG)))


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Replace the hreflang <link>s the i18n plugin adds to <head> (each language's home page, which Material
    fetches `sitemap.xml` relative to) with the page's own alternates (generator/render/head.py)."""
    lang = _page_language(page)
    if serve.problems:
        return serve.error_page(serve.problems, lang)
    kept = getattr(page, "ee_kept", None)
    if kept is not None:
        return str(kept.output)
    head = output.find("</head>") % (len(output) + 1)  # the whole page if it has no </head>
    output = _HEAD_ALTERNATE.sub("", output[:head], count=4) + output[head:]
    if links := _alternates(page, config):
        output = output.replace("</head>", links + "\n</head>", 1)
    output = compact(add_policy(output, page.content or ""))
    if (key := getattr(page, "ee_key", None)) is not None:  # kept by the language being built, like on_pre_page
        serve_cache.keep(page, _language_built(config), key, output)
    if getattr(page, "ee_source_later", None) is False:  # its content was read for this template only: let it go
        page.content = None
    if len(output) > LARGE_PAGE:
        release_free_memory(collect=False)
    return output


# A page this long (characters) leaves its build process holding what making it took, unless given back at once: at
# 10,000 entries the lists by tag, version and code are 4-12 MB each, and the process grew by ~140 MiB over them.
LARGE_PAGE = 1_000_000


# The 404 page of each language, as its build rendered it: the i18n plugin writes every language's 404.html to the
# same site/404.html, so the last language built won. on_post_build puts each where it belongs.
_not_found_pages: dict[str, str] = {}


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page is a theme template, not a page: it gets the same policy."""
    if template_name == "sitemap.xml":
        _sitemaps[_language_built(config)] = output
    if not (template_name.endswith(".html") and "<meta charset" in output):
        return output
    output = compact(add_policy(output, ""))
    if template_name == "404.html":
        _not_found_pages[_language_built(config)] = output
    return output


# Each language's part of sitemap.xml as its build rendered it (the i18n plugin's template lists the pages of every
# language built so far in this process). Built one after the other, the last build's sitemap lists them all; built in
# parallel (generator/build/parallel.py), each child hands its part to the parent, which writes the whole.
_sitemaps: dict[str, str] = {}
_SITEMAP_PART = ".ee-sitemap-{lang}.xml"  # in site_dir, from a child to the parent; MkDocs skips dot files


def _sitemap_urls(xml: str) -> str:
    start = xml.find("<url>")
    end = xml.rfind("</urlset>")
    return xml[xml.rfind("\n", 0, start) if start >= 0 else end:end].rstrip("\n") if end >= 0 else ""


def _finish_child(config: MkDocsConfig) -> None:
    """In a child that built one language: its 404 page and its sitemap part (its pages' copy for the search index is
    made once it has exited: search_index.start_preparing)."""
    _place_not_found_pages(config)
    lang = _language_built(config)
    site = Path(config.site_dir)
    part = site / _SITEMAP_PART.format(lang=lang)
    part.write_text(_sitemap_urls(_sitemaps.get(lang, "")), encoding="utf-8")


def _merge_sitemaps(config: MkDocsConfig, languages: list[str]) -> None:
    """sitemap.xml (and .gz, as MkDocs writes it) with the default language's pages, then each child's."""
    import gzip

    from mkdocs.utils import get_build_timestamp
    i18n = config.plugins.get("i18n")
    default = str(getattr(i18n, "default_language", None) or DEFAULT_LANG)
    own = _sitemaps.get(default)
    if own is None or own.rfind("</urlset>") < 0:
        return
    root = Path(config.site_dir)
    parts = []
    for lang in languages:
        part = root / _SITEMAP_PART.format(lang=lang)
        parts.append(part.read_text(encoding="utf-8") if part.exists() else "")
        part.unlink(missing_ok=True)
    end = own.rfind("</urlset>")
    xml = own[:end].rstrip("\n") + "".join(parts) + "\n" + own[end:]
    (root / "sitemap.xml").write_text(xml, encoding="utf-8")
    gz_path = root / "sitemap.xml.gz"
    with open(gz_path, "wb") as f, gzip.GzipFile(fileobj=f, filename=str(gz_path), mode="wb",
                                                   mtime=get_build_timestamp()) as gz:
        gz.write(xml.encode("utf-8"))


def _place_not_found_pages(config: MkDocsConfig) -> list[Path]:
    """site/404.html in the default language (the one static hosts serve), site/<lang>/404.html for the others; the
    files written."""
    i18n = config.plugins.get("i18n")
    default = getattr(i18n, "default_language", None) or DEFAULT_LANG
    root = Path(config.site_dir)
    written = []
    for lang, html in _not_found_pages.items():
        path = root / "404.html" if lang == default else root / lang / "404.html"
        if path.parent.is_dir():
            path.write_text(html, encoding="utf-8")
            written.append(path)
    return written


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A hand-written page's relative links to repository files outside docs/ point at the repository of
    config/site.yml (generator/render/markup.py: repository_links)."""
    if page.file.src_uri in _generated_pages:
        return markdown
    docs = Path(config.docs_dir).resolve()
    root = Path(config.config_file_path).resolve().parent
    try:
        page_path = (docs / page.file.src_uri).relative_to(root).as_posix()
    except ValueError:  # docs_dir outside the project: nothing to resolve against
        return markdown
    return repository_links(markdown, page_path, root, site_settings().blob)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Behind the escaping, two guards on the rendered HTML: any link whose scheme is not http(s)/mailto/relative
    becomes '#' (only real tags are touched, so escaped payloads shown as text read exactly as written), then the
    allow-list sanitiser removes every element and attribute the site does not produce itself."""
    def guard(tag: re.Match[str]) -> str:
        return _URL_ATTR.sub(lambda m: m.group(0) if safe_href(m.group(2)) else m.group(1) + "#" + m.group(3),
                             tag.group(0))
    if getattr(page, "ee_kept", None) is not None:  # written as an earlier rebuild wrote it (on_post_page)
        return html
    if getattr(page, "ee_source_later", False):  # set aside; guarded when its template is rendered (on_page_context)
        return html
    hand_written = page.file.src_uri not in _generated_pages
    return clean_html(_TAG_WITH_URL.sub(guard, html), trusted_ids=hand_written)


# ---- Pages written as HTML (issue 12: build speed) ----
# The generator writes every page but the articles as the HTML Python-Markdown made of it when it was Markdown (front
# matter `ee_html: true`; generator/render/pages.py render_entry ...): Markdown was over half of a build's CPU. For
# such a page, MkDocs' Page.render is replaced, for that page only, by one that takes the body as the content and
# records what MkDocs' own render records: the table of contents (from the headings: each carries the id and the
# permalink the toc extension gives), the title, the anchors the page has and the links it makes to anchors (MkDocs
# checks those). MkDocs rewrites no link on these pages: the generator writes final URLs and checks them
# (generator/build/site.py check_links); a relative link that names no file of the site is reported here as well.
# on_page_content's guards still run on them.

# A heading and its content up to its end tag; a heading of the table of contents ends with its permalink.
_HTML_HEADING = re.compile(r"<h([1-6])\b([^>]*)>(.*?)</h\1>", re.S)
_PERMALINK = re.compile(r'<a class="headerlink" href="#[^"]*" title="Permanent link">&para;</a>$')
_HTML_ID = re.compile(r'\sid="([^"]*)"')
_HTML_HREF = re.compile(r'\shref="([^"]*)"')
_url_files: list[tuple[Files, dict[str, Any]]] = []  # the build's Files, and each of its files by URL


def on_pre_page(page: Page, config: MkDocsConfig, files: Files) -> Page:
    import types
    lang = _language_built(config)
    if (build_key := _serve_builds.get(lang)) is not None and not serve.problems:
        key = serve_cache.page_key(build_key, page)
        kept = serve_cache.reuse(page, lang, key)
        if kept is not None:
            page.ee_kept = kept  # type: ignore[attr-defined]
            return page
        page.ee_key = key  # type: ignore[attr-defined]
    if page.file.src_uri in _generated_pages:
        page.render = types.MethodType(_render_html_page, page)  # type: ignore[method-assign]
    return page


def _files_by_url(files: Files) -> dict[str, Any]:
    if not _url_files or _url_files[0][0] is not files:
        _url_files[:] = [(files, {f.url.rstrip("/"): f for f in files})]
    return _url_files[0][1]


def _render_html_page(page: Page, config: MkDocsConfig, files: Files) -> None:
    """Page.render for a page the generator wrote as HTML; any other page renders as usual."""
    import html
    import logging
    import posixpath
    from urllib.parse import unquote, urlsplit

    from markdown.extensions.toc import nest_toc_tokens, strip_tags
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import get_toc

    if not page.meta.get("ee_html"):
        Page.render(page, config, files)
        return
    body = page.markdown or ""
    page.content = body
    tokens = []
    for m in _HTML_HEADING.finditer(body):
        permalink = _PERMALINK.search(m.group(3))
        if permalink is None:  # a heading outside the table of contents (as raw HTML in Markdown was)
            continue
        ident = _HTML_ID.search(m.group(2))
        inner = m.group(3)[:permalink.start()].strip()
        tokens.append({"level": int(m.group(1)), "id": html.unescape(ident.group(1)) if ident else "",
                       "name": strip_tags(inner), "html": inner, "data-toc-label": ""})
    page.toc = get_toc(nest_toc_tokens(tokens))
    first = _HTML_HEADING.match(body.lstrip())
    page._title_from_render = (" ".join(strip_tags(_PERMALINK.sub("", first.group(3))).split())
                               if first and first.group(1) == "1" else None)
    anchors: set[str] = set()
    links: dict[Any, dict[str, str]] = {}
    by_url = _files_by_url(files)
    for tag in _TAG.finditer(body):
        text = tag.group(0)
        if ident := _HTML_ID.search(text):
            anchors.add(html.unescape(ident.group(1)))
        href = _HTML_HREF.search(text) if text.startswith("<a") else None
        if href is None:
            continue
        url = html.unescape(href.group(1))
        scheme, netloc, path, _, fragment = urlsplit(url)
        if scheme or netloc:
            continue
        target: Any = page.file
        if path:
            target = by_url.get(posixpath.normpath(posixpath.join(page.url, unquote(path))).lstrip("/"))
            if target is None:
                log.warning(f"Doc file '{page.file.src_uri}' contains a link '{url}', but no file of the site is "
                            "served there.")
                continue
        if fragment:
            links.setdefault(target, {}).setdefault(fragment, url)
    page.present_anchor_ids = anchors
    if logging.getLogger("mkdocs.structure.pages").getEffectiveLevel() > logging.DEBUG:
        page.links_to_anchors = links
    # MkDocs reads and renders every page before it writes the first, so each page's source and content would be held
    # until the last is written (10,000 entries: ~1 GB in each language's process). What MkDocs needs of the page
    # before then (its title, table of contents, anchors and links) is read above; the body is set aside on disk
    # (page_bodies.py), taken back when its template is rendered (on_page_context), and let go once written.
    page.ee_body = _page_bodies.put(body)  # type: ignore[attr-defined]
    page.markdown = ""
    page.content = ""
    page.ee_source_later = True  # type: ignore[attr-defined]


_page_bodies = PageBodies(PROJECT / ".cache")


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """A page written as HTML: its content, its body set aside (end of _render_html_page) through on_page_content,
    the event MkDocs' reading left for then: the same content as MkDocs' own reading."""
    if getattr(page, "ee_source_later", False):
        page.ee_source_later = False  # type: ignore[attr-defined]
        body = _page_bodies.take(page.ee_body)  # type: ignore[attr-defined]
        page.content = config.plugins.on_page_content(body, page=page, config=config, files=_url_files[0][0])
    return context
