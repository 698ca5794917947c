"""Per-language UI string tables (generator/locales/<lang>.yml): the only source of headings and labels."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

LANGS = ("en", "zh")
DEFAULT_LANG = "en"
_DIR = Path(__file__).resolve().parent / "locales"


@cache
def strings(lang: str) -> dict[str, str]:
    data = yaml.safe_load((_DIR / f"{lang}.yml").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}
