"""MkDocs hook (thin edge): the i18n plugin builds the languages of config/languages.yml.

mkdocs.yml names only the default language (the plugin checks for one when it loads); before the plugin's first
on_config this hook gives it every language of config/languages.yml, each with its name, its strings file's
`site_name` and its `mkdocs:` settings (nav translations, theme)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# MkDocs loads hooks by file path, not as part of a package: make this checkout's `generator` importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.plugins import event_priority

from generator.l10n.i18n import strings
from generator.l10n.languages import Language, LanguageConfigError, languages


def plugin_languages() -> list[dict[str, Any]]:
    """The i18n plugin's `languages` setting for config/languages.yml."""
    def item(lang: Language) -> dict[str, Any]:
        own = {} if lang.default else {"site_name": strings(lang.code)["site_name"]}
        return {"locale": lang.code, "name": lang.name, "default": lang.default, "build": True, **own, **lang.mkdocs}
    return [item(lang) for lang in languages().all]


def _theme_has_language(config: MkDocsConfig, code: str) -> bool:
    """Material translates its own UI (search box, language switcher, <html lang>) for the languages it ships."""
    return any((Path(d) / "partials" / "languages" / f"{code}.html").is_file() for d in config.theme.dirs)


@event_priority(100)  # before the i18n plugin's on_config (-100), which sets up the language being built
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    i18n = config.plugins.get("i18n")
    if i18n is None or getattr(i18n, "current_language", None) is not None:
        return config  # no i18n plugin, or set up already (the plugin runs every hook again for each language)
    try:
        items = plugin_languages()
    except LanguageConfigError as exc:
        raise Abort(str(exc)) from None
    missing = [i["locale"] for i in items if not _theme_has_language(config, i["locale"])]
    if missing:
        raise Abort(f"config/languages.yml: languages.{missing[0]}: the theme has no translation for this language "
                    "code (Material's partials/languages/<code>.html)")
    options = {k: v for k, v in i18n.config.items() if k != "languages"}
    errors, _ = i18n.load_config({**options, "languages": items}, config.config_file_path)
    if errors:
        raise Abort("config/languages.yml: the i18n plugin rejects it: "
                    + "; ".join(f"{key}: {err}" for key, err in errors))
    return config
