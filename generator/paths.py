"""Where things live in the repository (one place, so tests can point elsewhere)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES_DIR = ROOT / "entries"
ARTICLES_DIR = ENTRIES_DIR / "articles"
DOCS_DIR = ROOT / "docs"
SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
# The shared reference sits beside the checkout (../shared); CI clones the repo with shared/ beside it.
REFERENCE_FILE = ROOT.parent / "shared" / "reference" / "cuda-errors-13.0.jsonl"
