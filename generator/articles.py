"""Which entries an article concerns: declared in front matter, or named by error code / API in its text."""
from __future__ import annotations

import re

from generator.model import Article, Entry

_API = re.compile(r"\b(?:cuda[A-Z][A-Za-z0-9]+|cu[A-Z][A-Za-z0-9]+|CUDA_ERROR_[A-Z0-9_]+)\b")
MAX_DETECTED = 8
DISTINCTIVE = 3


def _names(entry: Entry) -> set[str]:
    """Enum names that identify an entry outright: its error code and aliases."""
    names = set(entry.aliases)
    if entry.error_code:
        names.add(entry.error_code.split(" ")[0])
    return {n for n in names if _API.fullmatch(n)}


def _apis(entry: Entry) -> set[str]:
    text = " ".join([entry.signature, entry.root_cause, *(w.action for w in entry.workarounds)])
    return set(_API.findall(text)) - _names(entry)


def related_entries(article: Article, entries: list[Entry]) -> list[str]:
    """Declared entries first; then entries whose error name the article uses; then entries that discuss an
    API the article discusses, counting only distinctive APIs (named by at most DISTINCTIVE entries)."""
    known = {e.id for e in entries}
    mentioned = set(_API.findall(article.body))
    out = [i for i in article.entries if i in known]
    by_name = sorted(e.id for e in entries if _names(e) & mentioned)
    apis = {e.id: _apis(e) for e in entries}
    users: dict[str, int] = {}
    for names in apis.values():
        for n in names:
            users[n] = users.get(n, 0) + 1
    scored = []
    for e in entries:
        score = sum(1 for n in apis[e.id] & mentioned if users[n] <= DISTINCTIVE)
        if score:
            scored.append((-score, e.id))
    for i in by_name + [i for _, i in sorted(scored)]:
        if i not in out:
            out.append(i)
    return out[: len(article.entries) + MAX_DETECTED]
