"""One search index per language: visitors of one language download only that language's index.

The i18n plugin writes one search/search_index.json holding every language. Material's search worker loads
`<config.base>/search/search_index.json` and resolves result locations against `config.base`, so each
non-default language gets `<lang>/search/search_index.json` with locations relative to `<lang>/`, and its
pages' `config.base` points at `<lang>/` (see `point_base_at`)."""
from __future__ import annotations

import json
import re
from pathlib import Path

INDEX = "search/search_index.json"
_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base":\s*")([^"]*)(")')


def split_index(site_dir: Path, langs: tuple[str, ...]) -> dict[str, int]:
    """Rewrite site_dir's shared index into one per language; returns the number of documents in each.
    Documents whose location starts with '<lang>/' belong to that language, the rest to the default one."""
    shared = json.loads((site_dir / INDEX).read_text(encoding="utf-8"))
    buckets: dict[str, list[dict[str, object]]] = {"": []}
    buckets.update({lang: [] for lang in langs})
    for doc in shared["docs"]:
        location = str(doc["location"])
        lang = next((la for la in langs if location.startswith(f"{la}/") or location == la), "")
        if lang:
            doc = dict(doc, location=location[len(lang) + 1:])
        buckets[lang].append(doc)
    for lang, docs in buckets.items():
        path = site_dir / lang / INDEX if lang else site_dir / INDEX
        path.parent.mkdir(parents=True, exist_ok=True)
        # Same compact form as Material's own index.
        data = json.dumps({"config": shared["config"], "docs": docs}, separators=(",", ":"), ensure_ascii=False)
        path.write_text(data, encoding="utf-8")
    return {lang or "default": len(docs) for lang, docs in buckets.items()}


def point_base_at(html: str, lang: str) -> str:
    """Make a page's Material config base '<base>/<lang>/' so its search worker loads that language's index.
    Only the #__config script is touched; Material's other uses of the base (versioning, instant navigation)
    are switched off in mkdocs.yml."""
    return _BASE.sub(lambda m: f"{m.group(1)}{m.group(2).rstrip('/')}/{lang}/{m.group(3)}", html, count=1)
