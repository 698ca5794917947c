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
    """related_entries for every article, reading the entries once (not once per article): each article then looks
    up the names and APIs it mentions."""
    known: set[str] = set()
    by_name: dict[str, list[str]] = {}  # error name -> entries it identifies
    by_api: dict[str, list[str]] = {}  # API -> entries that discuss it
    for e in entries:
        known.add(e.id)
        for n in _names(e):
            by_name.setdefault(n, []).append(e.id)
        for n in _apis(e):
            by_api.setdefault(n, []).append(e.id)
    return {a.id: _related(a, known, by_name, by_api) for a in articles}


def _related(article: Article, known: set[str], by_name: dict[str, list[str]],
             by_api: dict[str, list[str]]) -> list[str]:
    mentioned = set(_API.findall(article.body))
    out = [i for i in article.entries if i in known]
    named = sorted({i for n in mentioned for i in by_name.get(n, ())})
    score: dict[str, int] = {}
    for n in mentioned:
        users = by_api.get(n, [])
        if len(users) <= DISTINCTIVE:  # a distinctive API: named by at most DISTINCTIVE entries
            for i in users:
                score[i] = score.get(i, 0) + 1
    for i in named + [i for _, i in sorted((-s, i) for i, s in score.items())]:
        if i not in out:
            out.append(i)
    return out[: len(article.entries) + MAX_DETECTED]
