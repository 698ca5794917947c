"""MkDocs hook (thin edge): the files every language shares are taken out before the i18n plugin reconfigures the
files (generator/build/shared_files.py; hook.py's on_files puts them back after the plugin)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

# MkDocs loads hooks by file path, not as part of a package: make this checkout's `generator` importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mkdocs.plugins import event_priority

from generator.build import shared_files

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files


@event_priority(-50)  # before the i18n plugin (-100)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    shared_files.take(files, config.docs_dir)
    return files
