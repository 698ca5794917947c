"""The files every language shares bypass the i18n plugin (hooks: generator/mkdocs_edge/shared_files.py, hook.py).

A file of docs/ that is not a page and not localized (no `.<lang>` suffix, no `.<lang>` variant beside it) is the same
file in every language: the reproduction programs' stored files, the JSON API, the matcher's index (about 10,000 of
the 18,800 files of docs/ at 3,000 entries). The i18n plugin made a copy of each for every language's build (most of
its per-file work), and every language's build copied each one to the same place in site/. `take` removes them before
the plugin sees the files (a hook's on_files with a priority above the plugin's -100); `put_back` returns them after
it: as they were for the default language's build, which copies them, and not copied again by the other languages'
builds, whose pages still link to them. The site is the same, byte for byte (tests/test_shared_files.py)."""
from __future__ import annotations

from pathlib import Path, PurePath
from typing import TYPE_CHECKING

# The i18n plugin's own test for a language suffix: a name ending in such a suffix is treated as localized even where
# the language is not configured.
from mkdocs_static_i18n.config import RE_LOCALE

if TYPE_CHECKING:
    from mkdocs.structure.files import File, Files

taken: list[File] = []  # this build's shared files, between the two on_files


def localization(file: File) -> str | None:
    """The language suffix of a file's name as the i18n plugin reads it (suffix.create_i18n_file), or None."""
    suffixes = PurePath(file.name).suffixes
    return suffixes[-1][1:] if suffixes and RE_LOCALE.match(suffixes[-1][1:]) else None


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


def put_back(files: Files, default_language_build: bool) -> None:
    """After the i18n plugin: this build's shared files back in its Files (hook.py on_files)."""
    for file in taken:
        if not default_language_build:
            file.copy_file = _copied_elsewhere  # type: ignore[method-assign]
        files.append(file)
    taken.clear()
