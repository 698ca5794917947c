"""The site's languages as data (config/languages.yml): what each is called, where its UI strings are, which entry
fields hold its text, and the one URL scheme and the one fallback rule every page, link and index follows.

Adding a language is an entry in config/languages.yml and its UI strings file; its text in entries is read from the
fields with its suffix (`signature_zh`, `workarounds_zh` ...). Where an entry has none, the page shows the default
language's text, marked untranslated."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from generator.paths import CONFIG_DIR, ROOT

LANGUAGES_FILE = CONFIG_DIR / "languages.yml"
# What the i18n plugin (and Material's language switcher, and hreflang) accept as a language code.
_CODE = re.compile(r"[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-[A-Z]{2})?")
_SUFFIX = re.compile(r"_[a-z]{2,8}")
_KEYS = frozenset({"name", "default", "strings", "suffix", "script", "mkdocs"})


class LanguageConfigError(ValueError):
    """config/languages.yml is not usable: `file: field: what is wrong`."""


@dataclass(frozen=True)
class Language:
    code: str  # URL prefix (/<code>/<id>/), page file suffix (<page>.<code>.md), theme language, <html lang>, hreflang
    name: str  # what the language switcher shows
    default: bool  # the language entries are written in: pages at the site's root, every other language's fallback
    strings_file: Path  # its UI strings (generator/l10n/i18n.py)
    suffix: str = ""  # entry fields holding its text: `<field><suffix>` ('_zh'); '' for the default language
    script: str = ""  # regex: a text counts as translated only if it has a character matching it ('' : any text)
    mkdocs: dict[str, Any] = field(default_factory=dict, compare=False)  # the i18n plugin's settings for it

    def translated(self, text: object) -> bool:
        """Whether `text` is this language's text: not empty and, where the language names a script, written in it
        (a `_zh` field still holding the English original is not a translation)."""
        if not isinstance(text, str) or not text.strip():
            return False
        return not self.script or re.search(self.script, text) is not None

    def text(self, obj: object, name: str) -> Any:
        """The value of field `name` in this language (`<name><suffix>`) in an entry, an item or a raw JSON object;
        None for the default language (its text is the field itself) and where there is none."""
        if not self.suffix:
            return None
        key = name + self.suffix
        return obj.get(key) if isinstance(obj, Mapping) else getattr(obj, key, None)


@dataclass(frozen=True)
class Languages:
    all: tuple[Language, ...]

    @property
    def default(self) -> Language:
        return next(lang for lang in self.all if lang.default)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(lang.code for lang in self.all)

    def get(self, code: str) -> Language:
        for lang in self.all:
            if lang.code == code:
                return lang
        raise KeyError(f"{code!r} is not one of the site's languages {self.codes} (config/languages.yml)")


def _fail(file: Path, where: str, message: str) -> LanguageConfigError:
    try:
        shown = file.relative_to(ROOT).as_posix()
    except ValueError:
        shown = str(file)
    return LanguageConfigError(f"{shown}: {where}: {message}")


def load_languages(file: Path = LANGUAGES_FILE, root: Path = ROOT) -> Languages:
    """Read and check a languages file (`root`: what its `strings` paths are relative to)."""
    try:
        raw = yaml.safe_load(file.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise _fail(file, "(file)", f"cannot be read: {exc}") from None
    items = raw.get("languages") if isinstance(raw, dict) else None
    if not isinstance(items, dict) or not items:
        raise _fail(file, "languages", "must map each language code to its settings")
    out = []
    for code, spec in items.items():
        where = f"languages.{code}"
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise _fail(file, where, f"{code!r} is not a language code (ISO 639-1: 'ja', 'pt-BR', 'zh-Hant')")
        if not isinstance(spec, dict):
            raise _fail(file, where, "must be a mapping of settings")
        unknown = sorted(set(spec) - _KEYS)
        if unknown:
            raise _fail(file, f"{where}.{unknown[0]}", f"unknown setting (known: {', '.join(sorted(_KEYS))})")
        for key in ("name", "strings"):
            if not isinstance(spec.get(key), str) or not spec[key].strip():
                raise _fail(file, f"{where}.{key}", "is required (a non-empty string)")
        default = spec.get("default", False) is True
        suffix, script = spec.get("suffix", ""), spec.get("script", "")
        if default and suffix:
            raise _fail(file, f"{where}.suffix", "the default language's text is the entry fields themselves")
        if not default and not (isinstance(suffix, str) and _SUFFIX.fullmatch(suffix)):
            raise _fail(file, f"{where}.suffix", f"is required: the entry fields' suffix, '_{code.split('-')[0]}'")
        try:
            re.compile(script if isinstance(script, str) else "(")
        except re.error as exc:
            raise _fail(file, f"{where}.script", f"is not a regex: {exc}") from None
        if not isinstance(spec.get("mkdocs", {}), dict):
            raise _fail(file, f"{where}.mkdocs", "must be a mapping (the i18n plugin's settings for the language)")
        strings = root / spec["strings"]
        if not strings.is_file():
            raise _fail(file, f"{where}.strings", f"{spec['strings']} does not exist")
        out.append(Language(code, spec["name"], default, strings, suffix or "", script or "",
                            dict(spec.get("mkdocs") or {})))
    defaults = [lang.code for lang in out if lang.default]
    if len(defaults) != 1:
        raise _fail(file, "languages", f"exactly one language must be `default: true` (found {defaults or 'none'})")
    return Languages(tuple(out))


@cache
def languages() -> Languages:
    """config/languages.yml of this checkout."""
    return load_languages()


# ---- The one URL scheme: the default language at the site's root, every other under /<code>/ ----

def is_default(lang: str) -> bool:
    return lang == languages().default.code


def page_file(path: str, lang: str) -> str:
    """docs-relative Markdown file of a page: 'cuda/x' -> 'cuda/x.md' (default language) / 'cuda/x.<lang>.md'."""
    return f"{path}.md" if is_default(lang) else f"{path}.{lang}.md"


def prefix(lang: str) -> str:
    """The language's folder under the site's root: '' for the default language, else '<lang>/'."""
    return "" if is_default(lang) else f"{lang}/"


def to_root(page: str, lang: str) -> str:
    """Relative URL from a page (docs path without extension, served at [<lang>/]<page>/) up to the site's root."""
    return "../" * (page.count("/") + 1 + (0 if is_default(lang) else 1))


# ---- The one fallback rule ----

def fallback(translation: object, original: str, lang: str) -> tuple[str, bool]:
    """What a page in `lang` shows for a text: its translation where it has one (written in the language's script),
    else the default language's original; and whether that is an untranslated fallback (the page marks it)."""
    language = languages().get(lang)
    if language.default:
        return original, False
    return (str(translation), False) if language.translated(translation) else (original, True)
