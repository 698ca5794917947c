"""Per-language UI string tables (the `strings` file of each language in config/languages.yml, generator/l10n/locales/
for the site's own): the only source of headings and labels."""
from __future__ import annotations

from functools import cache

import yaml

from generator.l10n.languages import languages

LANGS = languages().codes
DEFAULT_LANG = languages().default.code


@cache
def strings(lang: str) -> dict[str, str]:
    data = yaml.safe_load(languages().get(lang).strings_file.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}
