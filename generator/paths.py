"""Where things live in the repository (one place, so tests can point elsewhere)."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES_DIR = ROOT / "entries"
ARTICLES_DIR = ENTRIES_DIR / "articles"
DOCS_DIR = ROOT / "docs"
CONFIG_DIR = ROOT / "config"
SCHEMA_DIR = Path(__file__).resolve().parent / "load" / "schema"
TEMPLATES_DIR = Path(__file__).resolve().parent / "render" / "templates"
# The CUDA error table read from the real libraries. Its source of truth is ../shared/reference beside the
# checkout; a clone without it (GitHub Actions, a contributor's fork) uses the copy in generator/reference/,
# which tests/test_reference.py keeps byte-identical to the shared one.
SHARED_REFERENCE = ROOT.parent / "shared" / "reference" / "cuda-errors-13.0.jsonl"
VENDORED_REFERENCE = Path(__file__).resolve().parent / "reference" / "cuda-errors-13.0.jsonl"
REFERENCE_FILE = SHARED_REFERENCE if SHARED_REFERENCE.exists() else VENDORED_REFERENCE
# NVIDIA's description of each code (doc comments of the CUDA 13.0 headers; generator/reference/README.md).
ERROR_DOCS_FILE = Path(__file__).resolve().parent / "reference" / "cuda-error-docs-13.0.jsonl"


def child_env() -> dict[str, str]:
    """The environment of a `python -m generator...` child process: this checkout first on PYTHONPATH, so that the
    child imports the same generator wherever it starts."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
