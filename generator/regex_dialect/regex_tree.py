"""An entry regex as Python parses it, in plain typed nodes: the one module that reads `re._parser`.

The regex gate (its safety and portability rules) and the matcher's prefilter (the literals every match
contains) both walk this tree. Python has no public parser API; `re._parser` is the exact one `re` uses, so it
is read here once, behind types, and nowhere else. Parsing never runs the regex. Callers bound the nesting
first (safe_regex.group_depth): the walks recurse on groups.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")
_REPEATS = tuple(op for op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)) if op)


def regex_flags(flags: str) -> int:
    """Python flags equivalent to the JavaScript flags the site uses ('u' plus the entry's own)."""
    return re.ASCII | (re.IGNORECASE if "i" in flags else 0)


@dataclass(frozen=True)
class Literal:
    code: int  # one code point


@dataclass(frozen=True)
class CharSet:
    ranges: tuple[tuple[int, int], ...] | None  # inclusive code-point ranges; None: negated or \w, \d, \s


@dataclass(frozen=True)
class Anchor:
    name: str  # AT_BEGINNING (^), AT_END ($), AT_BEGINNING_STRING (\A), AT_END_STRING (\Z), AT_BOUNDARY (\b) ...


@dataclass(frozen=True)
class Group:
    body: Seq
    inline_flags: bool  # (?i:...) and the like


@dataclass(frozen=True)
class Branch:
    alternatives: tuple[Seq, ...]


@dataclass(frozen=True)
class Look:
    body: Seq  # lookahead or lookbehind, positive or negative


@dataclass(frozen=True)
class Repeat:
    min: int
    max: int | None  # None: unbounded
    body: Seq


@dataclass(frozen=True)
class Opaque:
    name: str  # ANY, NOT_LITERAL, CATEGORY, GROUPREF, ATOMIC_GROUP ...: nothing the walks look inside


Node = Literal | CharSet | Anchor | Group | Branch | Look | Repeat | Opaque
Seq = tuple[Node, ...]


@dataclass(frozen=True)
class Tree:
    nodes: Seq
    inline_flags: bool  # flags set inside the pattern, e.g. a leading (?i)
    named_groups: bool


@lru_cache(maxsize=4096)
def parse(regex: str, flags: str = "") -> Tree:
    """The tree of `regex` under the entry's `regex_flags`. Raises re.error for a pattern Python rejects (and
    RecursionError, OverflowError, ValueError or TypeError for some hostile ones)."""
    given = regex_flags(flags)
    parsed = _parser.parse(regex, given)
    return Tree(_seq(parsed.data), bool(parsed.state.flags & ~(given | _c.SRE_FLAG_UNICODE)),
                bool(parsed.state.groupdict))


def _seq(items: Any) -> Seq:
    return tuple(_node(op, av) for op, av in items)


def _node(op: Any, av: Any) -> Node:
    if op is _c.LITERAL:
        return Literal(av)
    if op is _c.IN:
        ranges: list[tuple[int, int]] = []
        for kind, val in av:
            if kind is _c.LITERAL:
                ranges.append((val, val))
            elif kind is _c.RANGE:
                ranges.append((val[0], val[1]))
            else:
                return CharSet(None)
        return CharSet(tuple(ranges))
    if op is _c.AT:
        return Anchor(str(av))
    if op is _c.SUBPATTERN:
        return Group(_seq(av[3]), bool(av[1] or av[2]))
    if op is _c.BRANCH:
        return Branch(tuple(_seq(b) for b in av[1]))
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return Look(_seq(av[1]))
    if op in _REPEATS:
        lo, hi, body = av
        return Repeat(lo, None if hi is _c.MAXREPEAT else hi, _seq(body))
    return Opaque(str(op))
