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
    return all_related_entries([article], entries)[article.id]


def all_related_entries(articles: list[Article], entries: list[Entry]) -> dict[str, list[str]]:
    """related_entries for every article, reading the entries once (not once per article)."""
    known = {e.id for e in entries}
    names = {e.id: _names(e) for e in entries}
    apis = {e.id: _apis(e) for e in entries}
    users: dict[str, int] = {}
    for found in apis.values():
        for n in found:
            users[n] = users.get(n, 0) + 1
    return {a.id: _related(a, entries, known, names, apis, users) for a in articles}


def _related(article: Article, entries: list[Entry], known: set[str], names: dict[str, set[str]],
             apis: dict[str, set[str]], users: dict[str, int]) -> list[str]:
    mentioned = set(_API.findall(article.body))
    out = [i for i in article.entries if i in known]
    by_name = sorted(e.id for e in entries if names[e.id] & mentioned)
    scored = []
    for e in entries:
        score = sum(1 for n in apis[e.id] & mentioned if users[n] <= DISTINCTIVE)
        if score:
            scored.append((-score, e.id))
    for i in by_name + [i for _, i in sorted(scored)]:
        if i not in out:
            out.append(i)
    return out[: len(article.entries) + MAX_DETECTED]
