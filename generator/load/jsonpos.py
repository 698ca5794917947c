"""Find the line of a field ('workarounds.1.how') in JSON text, so annotations point at the offending line."""
from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from typing import Any

_WS = re.compile(r"[ \t\n\r]*")
# JSON's own string reader (offset after the opening quote -> (value, offset after the closing quote)); typeshed
# does not declare it.
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_MAX_DEPTH = 200


class _Stop(Exception):
    pass


def _skip_ws(text: str, pos: int) -> int:
    """The offset after the white space at `pos`."""
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def field_line(text: str, field: str) -> int:
    """1-based line of the deepest part of `field` found in the text (line 1 when the field is the file itself)."""
    if not field:
        return 1
    want = field.split(".")
    best = 0

    def value(pos: int, path: list[str], depth: int) -> int:
        nonlocal best
        if depth > _MAX_DEPTH:
            raise _Stop
        pos = _skip_ws(text, pos)
        ch = text[pos:pos + 1]
        if ch == "{":
            pos += 1
            first = True
            while True:
                pos = _skip_ws(text, pos)
                if text[pos:pos + 1] == "}":
                    return pos + 1
                if not first:
                    pos = _skip_ws(text, pos + 1)  # the comma
                first = False
                key_at = pos
                key, pos = _scanstring(text, pos + 1)
                pos = _skip_ws(text, pos) + 1  # the colon
                child = [*path, key]
                if child == want[:len(child)]:
                    best = max(best, key_at)
                pos = value(pos, child, depth + 1)
        if ch == "[":
            pos += 1
            i = 0
            while True:
                pos = _skip_ws(text, pos)
                if text[pos:pos + 1] == "]":
                    return pos + 1
                if i:
                    pos = _skip_ws(text, pos + 1)
                child = [*path, str(i)]
                if child == want[:len(child)]:
                    best = max(best, pos)
                pos = value(pos, child, depth + 1)
                i += 1
        if ch == '"':
            return _scanstring(text, pos + 1)[1]
        m = _SCALAR.match(text, pos)
        if not m:
            raise _Stop
        return m.end()

    with contextlib.suppress(_Stop, ValueError, IndexError):  # the deepest part found so far stands
        value(0, [], 0)
    return _line(text, best)


_TOKEN = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity")


def walk(text: str, until: int | None = None) -> tuple[list[str], tuple[list[str], int] | None]:
    """Read JSON text without recursion up to offset `until` (or the end, or the first thing it cannot read).
    Returns the path of the value being read there (after a comma in a list: the next item; in an object: the
    object), and the first key repeated within one object before it (its path and offset), so errors found by
    `json` can be put on a field and a line."""
    stack: list[list[Any]] = []  # [kind "{" / "[", key or index, keys seen, expecting a key]
    pos, n = 0, len(text)

    def path() -> list[str]:
        return [str(f[1]) for f in stack if f[1] is not None]

    while pos < n and (until is None or pos < until):
        ch = text[pos]
        if ch in " \t\r\n":
            pos += 1
        elif ch == "{":
            stack.append(["{", None, set(), True])
            pos += 1
        elif ch == "[":
            stack.append(["[", 0, None, False])
            pos += 1
        elif ch in "}]":
            if stack:
                stack.pop()
            pos += 1
        elif ch == ",":
            if stack and stack[-1][0] == "[":
                stack[-1][1] += 1
            elif stack:
                stack[-1][1] = None
                stack[-1][3] = True
            pos += 1
        elif ch == ":":
            pos += 1
        elif ch == '"':
            try:
                s, end = _scanstring(text, pos + 1)
            except ValueError:
                break
            if stack and stack[-1][0] == "{" and stack[-1][3]:
                frame = stack[-1]
                if s in frame[2]:
                    frame[1] = s
                    return path(), (path(), pos)
                frame[2].add(s)
                frame[1] = s
                frame[3] = False
            pos = end
        else:
            m = _TOKEN.match(text, pos)
            if not m:
                break
            pos = m.end()
    return path(), None


def line_col(text: str, offset: int) -> tuple[int, int]:
    return _line(text, offset), offset - (text.rfind("\n", 0, offset) + 1) + 1
