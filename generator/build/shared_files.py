"""The files every language shares bypass the i18n plugin (hooks: generator/mkdocs_edge/shared_files.py, hook.py).

A file of docs/ that is not a page and not localized (no `.<lang>` suffix, no `.<lang>` variant beside it) is the same
file in every language: the reproduction programs' stored files, the JSON API, the matcher's index (about 10,000 of
the 18,800 files of docs/ at 3,000 entries). The i18n plugin made a copy of each for every language's build (most of
its per-file work), and every language's build copied each one to the same place in site/. `take` removes them before
the plugin sees the files (a hook's on_files with a priority above the plugin's -100); `put_back` returns them after
it: as they were for the default language's build, which copies them, and not copied again by the other languages'
builds, whose pages still link to them; and those the generator wrote are hard-linked into the site, not copied
(`_linked`). The site is the same, byte for byte (tests/test_shared_files.py)."""
from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

# The i18n plugin's own test for a language suffix: a name ending in such a suffix is treated as localized even where
# the language is not configured.
from mkdocs_static_i18n.config import RE_LOCALE

from generator.build.site import OWNED_DIRS

if TYPE_CHECKING:
    from mkdocs.structure.files import File, Files

taken: list[File] = []  # this build's shared files, between the two on_files


def localization(file: File) -> str | None:
    """The language suffix of a file's name as the i18n plugin reads it (suffix.create_i18n_file: the last of
    PurePath(name).suffixes), or None. With strings: a PurePath per file of docs/ was most of this module's time."""
    name = file.name
    stripped = name.lstrip(".")
    if name.endswith(".") or "." not in stripped:
        return None
    code = stripped.rpartition(".")[2]
    return code if RE_LOCALE.match(code) else None


def shared(files: Files, docs_dir: str) -> list[File]:
    """The files of docs/ that are neither pages nor localized, nor have a localized variant."""
    docs = str(Path(docs_dir).resolve())
    inside = [f for f in files if f.abs_src_path and f.abs_src_path.startswith(docs + "/")
              and not f.is_documentation_page()]
    localized = {f.src_uri.replace(f".{code}", "", 1) for f in inside if (code := localization(f)) is not None}
    return [f for f in inside if localization(f) is None and f.src_uri not in localized]


def take(files: Files, docs_dir: str) -> None:
    """Before the i18n plugin: this build's shared files out of its Files."""
    taken[:] = shared(files, docs_dir)
    for file in taken:
        files.remove(file)


def _copied_elsewhere(dirty: bool = False) -> None:
    """File.copy_file of a shared file in a language's build other than the default's: that build copies it."""


def _linked(file: File) -> Callable[..., None]:
    """File.copy_file of a file the generator wrote: the site's file is a hard link to it, not a copy (at 3,000 entries,
    copying the 10,000 such files was 2 CPU s of the default language's build). Safe because the generator never
    writes into a file it wrote before: it writes a changed file beside it and renames it over (site.write_files), so a
    site built earlier keeps the bytes it was built with. Where no link can be made (another file system), a copy."""
    def copy_file(dirty: bool = False) -> None:
        if dirty and not file.is_modified():
            return
        source, target = file.abs_src_path, file.abs_dest_path
        assert source is not None
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(target)
        try:
            os.link(source, target)
        except OSError:
            shutil.copyfile(source, target)
    return copy_file


def put_back(files: Files, default_language_build: bool, link: bool = False) -> None:
    """After the i18n plugin: this build's shared files back in its Files (hook.py on_files). `link` (`mkdocs build`,
    not serve, which copies only what changed: generator/build/serve_site.py): the default language's build links the
    generated ones into the site instead of copying them."""
    for file in taken:
        if not default_language_build:
            file.copy_file = _copied_elsewhere  # type: ignore[method-assign]
        elif link and _generated(file.src_uri):
            file.copy_file = _linked(file)  # type: ignore[method-assign]
        files.append(file)
    taken.clear()


def _generated(src_uri: str) -> bool:
    """A file of one of the folders of docs/ the generator owns (generator/build/site.py OWNED_DIRS)."""
    return any(src_uri.startswith(f"{owned}/") for owned in OWNED_DIRS)
