"""The first sentence of a text (an entry page's one-line meaning) and a plain-text summary of it (the page's
meta description), in English and Chinese. Code spans are never split and keep their content."""
from __future__ import annotations

import re
from functools import lru_cache

from generator.render.titles import width

# Abbreviations after which ". " does not end an English sentence.
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|esp|Fig|No|Dr|Mr|Ms|St|al)|\b[A-Z])\.$")
_ZH_END = "。！？"


def _starts_sentence(rest: str) -> bool:
    """A capital, a digit, a code span, a quote or a bracket, or a name such as cuDNN or cuBLAS."""
    word = rest.split(" ", 1)[0]
    return rest[0].isupper() or rest[0].isdigit() or rest[0] in "`(\"'“" or (
        rest[0].islower() and any(ch.isupper() for ch in word) and word.isalnum())


def first_sentence(text: str) -> str:
    """Up to and including the first sentence end outside code spans and brackets: '. ' ('!', '?') before what
    starts a sentence in English; '。' ('！', '？') in Chinese. The whole text if none."""
    text = " ".join(text.split())
    depth, in_code = 0, False
    for i, c in enumerate(text):
        if c == "`":
            in_code = not in_code
        elif in_code:
            continue
        elif c in "(（[":
            depth += 1
        elif c in ")）]":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif c in _ZH_END:
            return text[:i + 1]
        elif c in ".!?" and i + 2 < len(text) and text[i + 1] == " " and _starts_sentence(text[i + 2:]):
            if c == "." and _ABBREV.search(text[:i + 1]):
                continue
            return text[:i + 1]
    return text


@lru_cache(maxsize=1 << 12)  # an entry page asks twice (its lead, and inside summary for its description)
def opening(text: str, min_width: int = 60) -> str:
    """The first sentence, and the next ones while it is shorter than `min_width` columns ("Nothing is wrong." or
    "This is not the error itself." say little alone)."""
    text = " ".join(text.split())
    end = len(first_sentence(text))
    while width(text[:end]) < min_width and end < len(text):
        rest = text[end:]
        skip = len(rest) - len(rest.lstrip())
        end += skip + len(first_sentence(rest[skip:]))
    return text[:end]


def plain(text: str) -> str:
    """Markdown-ish entry text as plain text: code spans keep their content, without the backticks."""
    return " ".join(text.replace("`", "").split())


def summary(text: str, max_width: int = 160) -> str:
    """The opening sentence(s) as plain text, cut at a word (or, in Chinese, a character) to `max_width` columns."""
    s = plain(opening(text))
    if width(s) <= max_width:
        return s
    out, used = [], 0
    for c in s:
        used += width(c)
        if used > max_width - 1:
            break
        out.append(c)
    cut = "".join(out)
    if " " in cut and not any(width(c) == 2 for c in cut[-12:]):
        cut = cut.rsplit(" ", 1)[0]  # not in the middle of an English word
    return cut.rstrip(" ,;:，；：、") + "…"
