"""What a page, the links to it and the paste box call an entry: a short human title, never a whole log line.

The entry's own `title` where it has one; else, for a message of the form `<error name>: <description>` (CUDA's
`cudaErrorX: …`, the driver's `CUDA_ERROR_X: …`, NCCL's `ncclX: …`), the description; else the message itself
(W108 asks for a `title` where that is long). The message as printed is always shown under the title."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from generator.l10n.languages import languages
from generator.l10n.translation import has_chinese
from generator.model import Entry

MAX_TITLE = 80  # columns (a Chinese character takes two); a longer heading takes four lines on a phone (W108)
_NAME_PREFIX = r"\s*(?:[(（]\s*-?\d+\s*[)）])?\s*[:：]\s*"


def width(text: str) -> int:
    """Display columns: a wide (Chinese) character counts two."""
    if text.isascii():  # no ASCII character is wide: the common case, without a lookup per character
        return len(text)
    return len(text) + sum(1 for c in text if not c.isascii() and unicodedata.east_asian_width(c) in "WF")


def _code_name(e: Entry) -> str:
    return (e.error_code or "").split(" (")[0].strip()


def _description(text: str, name: str) -> str:
    """`text` without its leading `<name>: ` (and the code's number, `(16)` / `（16）`), or "" when it has none."""
    if not name or "\n" in text:
        return ""
    m = re.match(re.escape(name) + _NAME_PREFIX + r"(\S.*)$", text.strip())
    return m.group(1).strip() if m else ""


def _sentence_case(text: str) -> str:
    """Capitalise a plain first word ('out of memory' -> 'Out of memory'); an identifier stays as it is."""
    first = text.split(" ", 1)[0]
    return text[0].upper() + text[1:] if first.isalpha() and first.islower() else text


def title_en(e: Entry) -> str:
    if e.title:
        return e.title
    desc = _description(e.signature, _code_name(e))
    return _sentence_case(desc) if desc else e.signature


def title_zh(e: Entry) -> str:
    """The Chinese title, or "" where there is none (the page then shows the English one under a notice)."""
    return _translated_title(e, lambda name: getattr(e, f"{name}_zh"), has_chinese)


def _translated_title(e: Entry, text: Callable[[str], Any], ok: Callable[[Any], bool]) -> str:
    """The title from the entry's texts in another language (`text`: a field's, `ok`: whether it is translated)."""
    if e.title:
        own = text("title")
        return str(own) if ok(own) else ""
    signature = text("signature")
    if _description(e.signature, _code_name(e)):
        desc = _description(str(signature or ""), _code_name(e))
        return desc if ok(desc) else ""
    return str(signature) if ok(signature) else ""


def title(e: Entry, lang: str) -> tuple[str, bool]:
    """The title in `lang`, and whether it is an untranslated (English) fallback."""
    language = languages().get(lang)
    if language.default:
        return title_en(e), False
    own = _translated_title(e, lambda name: language.text(e, name), language.translated)
    return (own, False) if own else (title_en(e), True)


def is_message(e: Entry) -> bool:
    """Whether the English title is the message itself (nothing shorter to call the page)."""
    return not e.title and not _description(e.signature, _code_name(e))


def html_title(e: Entry, lang: str) -> str:
    """The page's <title>: its title and, where the title does not name it, the error code's name (what people
    search for; it also tells apart two pages whose descriptions read alike)."""
    text, _ = title(e, lang)
    name = _code_name(e)
    return f"{text} · {name}" if name and name not in text else text
