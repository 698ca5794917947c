"""Run contributed regexes with RE2 only: linear time in the text, memory bounded by MAX_MEM.

Entry regexes come from strangers. Python's `re` backtracks, so one pattern like `(a|aa)+$` can run for hours
on a short text; RE2 (google-re2) never backtracks. Every tool that executes an entry regex in Python (the regex
gate, the CUDA fact check, the paste matcher and its CLI) goes through `compile_regex`, and a pattern RE2 cannot
compile (backreferences, lookaround: the regex gate rejects those) is never executed at all.

RE2 and JavaScript (flag `u`) agree on the syntax the gate accepts: `\\w \\d \\s \\b` are ASCII, `$` is the end of
the text, `.` stops at a newline (normalised pastes have no other line terminators), and `i` folds case with
Unicode simple folding in both (Kelvin sign and long s are normalised away first). The gate runs every regex on
its entry's own texts in both engines and rejects any disagreement (E201).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import re2

MAX_MEM = 8 << 20  # bytes RE2 may use for one compiled regex (its default); bigger programs do not compile
MAX_GROUP_DEPTH = 32  # nested groups; the parse tree walks (sre_parse, required literals) recurse on them


def _options(case_sensitive: bool) -> Any:
    opts = re2.Options()
    opts.log_errors = False
    opts.max_mem = MAX_MEM
    opts.case_sensitive = case_sensitive
    return opts


_OPTIONS = {True: _options(True), False: _options(False)}


@lru_cache(maxsize=4096)
def compile_regex(regex: str, flags: str = "") -> Any | None:
    """The RE2 program for an entry regex with its `regex_flags`, or None when RE2 cannot compile it (then it
    must not run anywhere)."""
    try:
        return re2.compile(regex, _OPTIONS["i" not in flags])
    except (re2.error, TypeError, ValueError, UnicodeError):
        return None


def re2_error(regex: str) -> str | None:
    """RE2's reason for rejecting a pattern, or None when it compiles."""
    try:
        re2.compile(regex, _OPTIONS[True])
    except re2.error as exc:
        return exc.args[0].decode(errors="replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
    except (TypeError, ValueError, UnicodeError) as exc:
        return str(exc)
    return None


def search(rx: Any, text: str, pos: int = 0) -> tuple[int, int] | None:
    """Code-point span of the leftmost match of a compiled RE2 regex at or after code point `pos`, or None. The text
    before `pos` is still context: `^` does not match at `pos`, `\\b` looks at the character before it."""
    try:
        m = rx.search(text, pos)
    except UnicodeError:  # a lone surrogate cannot be UTF-8; normalised text has none
        m = rx.search(text.encode("utf-8", "replace").decode("utf-8"), pos)
    return (m.start(), m.end()) if m else None


def group_depth(regex: str) -> int:
    """How deeply groups nest (escapes and character classes skipped): a cheap guard run before any parser."""
    depth = deepest = 0
    i, n, in_class = 0, len(regex), False
    while i < n:
        c = regex[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if regex[i + 1:i + 2] == "^":
                i += 1
            if regex[i + 1:i + 2] == "]":  # a leading ']' is a literal in Python
                i += 1
        elif c == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif c == ")":
            depth = max(0, depth - 1)
        i += 1
    return deepest
