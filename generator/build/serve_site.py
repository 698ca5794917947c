"""While serving, the site folder is kept from one rebuild to the next instead of emptied and written again whole.

MkDocs empties the site folder before every build, then writes every page and copies every file again: at 3,000
entries a one-edit rebuild spent ~6 s of its 25 on that (emptying 2.3 s, writing 7,400 unchanged pages 2.5 s,
copying 10,000 shared files 1.1 s). While serving (never in `mkdocs build`), `install` makes MkDocs' own helpers
leave the folder in place, skip a write whose bytes are the file's already, and skip a copy whose target is newer than
its source and the same size (MkDocs' own test for `--dirty`); `finish` then removes whatever this build did not
produce (a deleted entry's pages), so the served site is byte for byte a full build's (tests/test_serve.py). The
search bundle (pagefind/) is written whole by each build (generator/build/search_index.py).

A rebuild also skips what it would make again the same (issue 12; each tested in tests/test_serve_memos.py): a kept
page whose site file is intact is not built again (_build_page); the i18n plugin's files are copies of those it made
before (_create_i18n_file, _is_relative_to); the other languages' builds get copies of the first one's list of docs/
(_get_files). These follow MkDocs 1.6 and mkdocs-static-i18n 1.3 (requirements.lock pins both)."""
from __future__ import annotations

import copy
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from generator.memo import Stamp, file_stamp

produced: set[str] = set()  # absolute paths this build wrote, or found already written
_original: dict[str, Callable[..., Any]] = {}


def install() -> None:
    """Patch MkDocs' helpers for this process (serving only; idempotent)."""
    from mkdocs import utils
    from mkdocs.commands import build
    from mkdocs_static_i18n import reconfigure, suffix
    if not _original:
        _original.update(write=utils.write_file, copy=utils.copy_file, build_page=build._build_page,
                         i18n_file=suffix.create_i18n_file,
                         get_files=getattr(build, "get_files"),  # noqa: B009 (imported there, not exported)
                         relative=reconfigure.is_relative_to)
    utils.clean_directory = _keep
    utils.write_file = _write
    utils.copy_file = _copy
    build._build_page = _build_page
    suffix.create_i18n_file = _create_i18n_file
    setattr(build, "get_files", _get_files)  # noqa: B010
    reconfigure.is_relative_to = _is_relative_to


_relative: dict[tuple[str, str], bool] = {}


def _is_relative_to(path: str, folder: str) -> bool:
    """The i18n plugin's is_relative_to (a PurePath for each file of docs/ and each language: ~0.1 s a rebuild at 3,000
    entries), remembered: a function of its two paths."""
    key = (path, folder)
    found = _relative.get(key)
    if found is None:
        found = _relative[key] = bool(_original["relative"](path, folder))
    return found


def begin() -> None:
    """A build starts (hook.py on_pre_build, once per rebuild, before the generator writes docs/)."""
    produced.clear()
    _docs_files.clear()


# The files of docs/ as the first language's build of this rebuild listed them (MkDocs' get_files), before anything
# was attached to them, by the arguments get_files reads: the other languages' builds of the same rebuild walk the same
# docs/ (nothing writes there between them), and get their copies (~0.14 s a language at 3,000 entries).
_docs_files: dict[tuple[Any, ...], list[Any]] = {}


def _get_files(config: Any) -> Any:
    from mkdocs.structure.files import Files
    key = (config["docs_dir"], config["site_dir"], config["use_directory_urls"], repr(config.get("exclude_docs")),
           repr(config.get("draft_docs")), repr(config.get("not_in_nav")))
    listed = _docs_files.get(key)
    if listed is None:
        files = _original["get_files"](config)
        _docs_files[key] = [copy.copy(f) for f in files]
        return files
    return Files([copy.copy(f) for f in listed])


def _keep(directory: str) -> None:
    """In place of emptying the site folder: `finish` removes what the build did not produce."""


def _write(content: bytes, output_path: str) -> None:
    path = os.path.abspath(output_path)
    produced.add(path)
    if path.endswith(os.sep + "sitemap.xml"):  # MkDocs writes its .gz beside it with open()
        produced.add(path + ".gz")
    try:
        if os.path.getsize(path) == len(content):
            with open(path, "rb") as f:
                if f.read() == content:
                    return
    except OSError:
        pass
    _original["write"](content, output_path)


# A page's file in the site as this process last wrote it (or found it written): (its memo.file_stamp, the
# serve_cache.KeptPage whose output it holds).
_intact: dict[str, tuple[Stamp, object]] = {}


def _build_page(page: Any, config: Any, *args: Any, **kwargs: Any) -> None:
    """MkDocs' _build_page, except for a page written from what serve_cache kept (`page.ee_kept`) whose file in the
    site still holds that very output: nothing of it would change (its template renders nothing, and the hook's
    on_post_page gives the kept output), so it is not built again. At 3,000 entries, building the 7,400 kept pages
    (their context, the empty template, encoding and comparing each with its file) was ~0.9 s of a rebuild."""
    path = os.path.abspath(page.file.abs_dest_path)
    kept = getattr(page, "ee_kept", None)
    known = _intact.get(path)
    if kept is not None and known is not None and known[1] is kept and known[0] == file_stamp(path):
        produced.add(path)
        return
    _original["build_page"](page, config, *args, **kwargs)
    written = kept if kept is not None else getattr(page, "ee_written", None)
    stamp = file_stamp(path)
    if written is not None and stamp is not None:
        _intact[path] = (stamp, written)
    else:
        _intact.pop(path, None)


# The i18n plugin's File for each file of docs/ and language, as it first made it (before anything was attached to it),
# by everything its create_i18n_file reads.
_i18n_files: dict[tuple[Any, ...], Any] = {}


def _create_i18n_file(file: Any, current_language: str, default_language: str, all_languages: list[str],
                      config: Any) -> Any:
    """The i18n plugin's create_i18n_file (a new File for a file of docs/ in the language being built, its paths and URL
    localized), from a copy of the one it made for the same file and language in an earlier build: it is a function of
    these arguments alone. Each rebuild made ~11,000 of them again, with Path arithmetic and a File's repr for a debug
    line each (~0.6 s at 3,000 entries). The copy gets its own `alternates`, which the plugin fills in later."""
    key = (file.src_path, file.dest_path, file.dest_uri, file.inclusion, current_language, default_language,
           tuple(all_languages), config.docs_dir, config.site_dir, config.use_directory_urls)
    made = _i18n_files.get(key)
    if made is None:
        fresh = _original["i18n_file"](file, current_language, default_language, all_languages, config)
        _i18n_files[key] = copy.copy(fresh)
        return fresh
    out = copy.copy(made)
    out.alternates = {current_language: out}
    return out


def _copy(source_path: str, output_path: str) -> None:
    produced.add(os.path.abspath(output_path))
    try:
        source, target = os.stat(source_path), os.stat(output_path)
        if target.st_mtime >= source.st_mtime and target.st_size == source.st_size:
            return
    except OSError:
        pass
    _original["copy"](source_path, output_path)


def finish(site_dir: Path, also: Iterable[Path] = (), kept: Iterable[str] = ("pagefind",)) -> None:
    """Remove the files of `site_dir` this build did not produce (nor wrote itself: `also`), outside the folders
    `kept`, and the folders left empty. The first build of a folder looks at every file in it; a later one only at
    those the build before produced (nothing else writes there while serving): at 3,000 entries, walking the 20,000
    files of the site took ~0.8 s of a rebuild."""
    produced.update(os.path.abspath(p) for p in also)
    kept = tuple(kept)
    before = _last_produced.get(str(site_dir))
    if before is None:
        for path in sorted(site_dir.rglob("*"), reverse=True):
            rel = path.relative_to(site_dir)
            if rel.parts[0] in kept:
                continue
            if path.is_dir() and not path.is_symlink():
                if not any(path.iterdir()):
                    path.rmdir()
            elif str(path) not in produced:
                path.unlink()
    else:
        for name in sorted(before - produced, reverse=True):
            path = Path(name)
            if path.relative_to(site_dir).parts[0] in kept:
                continue
            path.unlink(missing_ok=True)
            folder = path.parent
            while folder != site_dir and site_dir in folder.parents and not any(folder.iterdir()):
                folder.rmdir()
                folder = folder.parent
    _last_produced[str(site_dir)] = set(produced)


_last_produced: dict[str, set[str]] = {}  # site folder -> the files its last build produced
