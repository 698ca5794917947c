"""Which entries an article concerns: declared in front matter, or named by error code / API in its text."""
from __future__ import annotations

import re

from generator.model import Article, Entry

_API = re.compile(r"\b(?:cuda[A-Z][A-Za-z0-9]+|cu[A-Z][A-Za-z0-9]+|CUDA_ERROR_[A-Z0-9_]+)\b")
MAX_DETECTED = 8


def _names(entry: Entry) -> set[str]:
    """Enum names that identify an entry outright: its error code and aliases."""
    names = set(entry.aliases)
    if entry.error_code:
        names.add(entry.error_code.split(" ")[0])
    return {n for n in names if _API.fullmatch(n)}


def related_entries(article: Article, entries: list[Entry]) -> list[str]:
    """Declared entries first, then entries whose error name the article uses, then entries whose
    root cause discusses at least two of the APIs the article discusses (best overlap first)."""
    known = {e.id for e in entries}
    text = article.body
    mentioned = set(_API.findall(text))
    out = [i for i in article.entries if i in known]
    by_name = sorted(e.id for e in entries if _names(e) & mentioned)
    scored = []
    for e in entries:
        apis = set(_API.findall(e.root_cause + " " + e.signature)) - _names(e)
        overlap = len(apis & mentioned)
        if overlap >= 2:
            scored.append((-overlap, e.id))
    for i in by_name + [i for _, i in sorted(scored)]:
        if i not in out:
            out.append(i)
    return out[: len(article.entries) + MAX_DETECTED]
