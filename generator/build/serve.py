"""`mkdocs serve` for contributors: a broken entry shows its problems in the browser, and an edit rebuilds once.

MkDocs runs the hook module afresh for every rebuild's config, so what must outlive one rebuild (the command
MkDocs was started with, the problems of the last generation) lives here, in a module imported once.

- A build that raises during `mkdocs serve` is only logged by MkDocs, and every page request then waits for
  a build that succeeds: the browser hangs. So while serving, invalid entries do not stop the build: the site
  is built from docs/ as the last good generation left it (the generator writes nothing when it finds an
  error), and every page is replaced by a page listing the problems. The live-reload script MkDocs injects
  into it reloads the browser after the next build, which shows the fixed pages.
- MkDocs watches the whole of docs/, where the generator writes: each edit of an entry rebuilt the site once
  for the edit and once more for the generator's own writes. Only the hand-written part of docs/ is watched
  (everything outside generator/build/site.py's OWNED_DIRS); entries/ is watched by the hook.
"""
from __future__ import annotations

import gc
import html
import logging
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from generator.build.site import OWNED_DIRS
from generator.l10n.i18n import DEFAULT_LANG, LANGS, strings
from generator.problems import Problem

command: list[str] = [""]  # "build", "serve" or "gh-deploy", from the hook's on_startup
problems: list[Problem] = []  # the problems of the last generation while serving; [] when it succeeded


def serving() -> bool:
    return command[0] == "serve"


def hold_collection() -> None:
    """At the start of each build while serving: no automatic collection until settle_objects. The process holds what
    every rebuild reuses (the kept pages, the generator's memos: ~600,000 objects at 3,000 entries), and two or
    three full passes of the collector over them during each rebuild took 1.1-1.2 s of it."""
    gc.disable()


built_files: list[Any] = []  # each language's Files of this build (hook.py on_files), let go by settle_objects


def settle_objects() -> None:
    """At the end of each build while serving (or its failure). The build's pages and files are cycles (a page and
    its file name each other, a page its bound methods): each is emptied, so that reference counting frees them, and
    only what this build made is collected (gc.collect(1): with automatic collection off, all of it is young); what
    is alive is then frozen (gc.freeze: the collector no longer walks it) and automatic collection is on again. What
    a later build drops of it (the config, the theme's environment: ~600 objects a rebuild at 3,000 entries) waits
    for a full pass, made every FULL_PASS_EVERY builds. A full pass over everything after each rebuild took ~0.7 s at
    3,000 entries, this ~0.06 s."""
    for files in built_files:
        for file in files:
            page = getattr(file, "page", None)
            if page is not None:
                vars(page).clear()
            vars(file).clear()
    built_files.clear()
    gc.collect(1)
    _settled[0] += 1
    if _settled[0] % FULL_PASS_EVERY == 0:
        gc.unfreeze()
        gc.collect()
    gc.freeze()
    gc.enable()


# Builds between two full passes. What each rebuild leaves frozen that a later one drops was ~600 objects at 3,000
# entries (of ~565,000 alive); counting the frozen objects (gc.get_freeze_count) walks them all (~0.05 s).
FULL_PASS_EVERY = 50
_settled = [0]


@cache
def search_bundles() -> Path:
    """A folder that outlives the rebuilds, where the search index keeps each language's bundle
    (generator/build/search_index.py write_bundles): removed when the server stops."""
    import atexit
    import shutil
    import tempfile
    folder = Path(tempfile.mkdtemp(prefix="ee-serve-search-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def hand_written_watch_list(docs_dir: Path) -> list[tuple[Path, bool]]:
    """(path, recursive) pairs covering every hand-written file under docs_dir and none of the generated ones:
    a folder holding no generated folder is watched whole; one that does (docs/ itself, docs/assets/) is
    watched for its own files only, and its other sub-folders are looked at the same way."""
    owned = [docs_dir / d for d in OWNED_DIRS]
    out: list[tuple[Path, bool]] = []

    def walk(folder: Path) -> None:
        out.append((folder, False))
        for child in sorted(p for p in folder.iterdir() if p.is_dir()):
            if child in owned:
                continue
            if any(o.is_relative_to(child) for o in owned):
                walk(child)
            else:
                out.append((child, True))

    walk(docs_dir)
    return out


def watch_hand_written(server: Any, docs_dir: Path) -> None:
    """Replace MkDocs' watch of the whole docs_dir by hand_written_watch_list's."""
    server.unwatch(str(docs_dir))
    for path, recursive in hand_written_watch_list(docs_dir):
        server.watch(str(path), recursive=recursive)


def report(found: Iterable[Problem]) -> None:
    """Print the problems like MkDocs' own errors, without counting them as warnings: with --strict, a counted
    warning aborts the build, and an aborted build is what leaves the browser hanging."""
    from mkdocs.utils import CountHandler
    handlers = [h for h in logging.getLogger("mkdocs").handlers if not isinstance(h, CountHandler)]
    for p in found:
        record = logging.LogRecord("mkdocs.hooks.generator", logging.ERROR, __file__, 0, str(p), None, None)
        for h in handlers:
            if record.levelno >= h.level:
                h.handle(record)


def error_page(found: list[Problem], lang: str) -> str:
    """A whole HTML page listing the problems (every value escaped); MkDocs adds its live-reload script."""
    t = strings(lang if lang in LANGS else DEFAULT_LANG)
    items = "\n".join(f"<li><code>{html.escape(str(p))}</code></li>" for p in found)
    title = html.escape(t["serve_error_title"].format(count=len(found)))
    return (f'<!doctype html>\n<html lang="{html.escape(lang or DEFAULT_LANG)}">\n<head><meta charset="utf-8">'
            f"<title>{title}</title>\n<style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;"
            "max-width:60rem;padding:0 1rem}h1{color:#b00020;font-size:1.4rem}li{margin:.4rem 0}"
            "code{white-space:pre-wrap;word-break:break-word}</style></head>\n"
            f'<body class="ee-serve-error">\n<h1>{title}</h1>\n<p>{html.escape(t["serve_error_hint"])}</p>\n'
            f"<ul>\n{items}\n</ul>\n</body>\n</html>\n")
