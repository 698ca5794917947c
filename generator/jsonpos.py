"""Find the line of a field ('workarounds.1.how') in JSON text, so annotations point at the offending line."""
from __future__ import annotations

import json
import re

_WS = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_MAX_DEPTH = 200


class _Stop(Exception):
    pass


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
        pos = _WS.match(text, pos).end()
        ch = text[pos:pos + 1]
        if ch == "{":
            pos += 1
            first = True
            while True:
                pos = _WS.match(text, pos).end()
                if text[pos:pos + 1] == "}":
                    return pos + 1
                if not first:
                    pos = _WS.match(text, pos + 1).end()  # the comma
                first = False
                key_at = pos
                key, pos = json.decoder.scanstring(text, pos + 1)
                pos = _WS.match(text, pos).end() + 1  # the colon
                child = path + [key]
                if child == want[:len(child)]:
                    best = max(best, key_at)
                pos = value(pos, child, depth + 1)
        if ch == "[":
            pos += 1
            i = 0
            while True:
                pos = _WS.match(text, pos).end()
                if text[pos:pos + 1] == "]":
                    return pos + 1
                if i:
                    pos = _WS.match(text, pos + 1).end()
                child = path + [str(i)]
                if child == want[:len(child)]:
                    best = max(best, pos)
                pos = value(pos, child, depth + 1)
                i += 1
        if ch == '"':
            return json.decoder.scanstring(text, pos + 1)[1]
        m = _SCALAR.match(text, pos)
        if not m:
            raise _Stop
        return m.end()

    try:
        value(0, [], 0)
    except (_Stop, ValueError, IndexError):
        pass
    return _line(text, best)
