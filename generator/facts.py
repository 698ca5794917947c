"""Check an entry's CUDA facts (error code, enum names, message) against the reference table."""
from __future__ import annotations

import re

from generator.cuda_reference import Reference, parse_error_code
from generator.model import Entry
from generator.problems import Problem
from generator.safe_regex import compile_regex, search

_ENUM = re.compile(r"\b(?:cudaError[A-Za-z0-9]+|CUDA_ERROR_[A-Z0-9_]+)\b")


def regex_flags(flags: str) -> int:
    """Python flags equivalent to the JavaScript flags the site uses ('u' plus the entry's own)."""
    return re.ASCII | (re.IGNORECASE if "i" in flags else 0)


def check_cuda_facts(e: Entry, ref: Reference) -> list[Problem]:
    """E301: a code or enum name the libraries never print. E302: the real message disagrees with
    the entry's signature or regex."""
    out: list[Problem] = []
    named = set(_ENUM.findall(e.signature)) | {a for a in e.aliases if _ENUM.fullmatch(a)}
    if e.error_code:
        parsed = parse_error_code(e.error_code)
        if parsed is None:
            out.append(Problem(e.path, "error_code", f"'{e.error_code}' is not of the form 'cudaErrorName (123)'",
                               code="E301"))
        else:
            name, code = parsed
            real = ref.by_name(name)
            if name.startswith(("cudaError", "CUDA_ERROR_")) or e.domain == "cuda":
                if real is None:
                    out.append(Problem(e.path, "error_code", f"{name} is not a CUDA error name the libraries print",
                                       code="E301"))
                elif code is None:
                    out.append(Problem(e.path, "error_code", f"give the number too: '{name} ({real.code})'",
                                       code="E301"))
                elif code != real.code:
                    out.append(Problem(e.path, "error_code", f"{name} is {real.code}, not {code}", code="E301"))
                else:
                    out += _message_agrees(e, real.message)
    for n in sorted(named):
        if ref.by_name(n) is None:
            out.append(Problem(e.path, "signature" if n in e.signature else "aliases",
                               f"{n} is not a CUDA error name the libraries print", code="E301"))
    return out


def _message_agrees(e: Entry, message: str) -> list[Problem]:
    out = []
    if message not in e.signature:
        out.append(Problem(e.path, "signature", f"does not contain the real message '{message}'", code="E302"))
    rx = compile_regex(e.regex, e.regex_flags)  # RE2: a contributed regex never runs in a backtracking engine
    if rx is None:
        return out  # the regex gate reports this
    if search(rx, message) is None:
        out.append(Problem(e.path, "regex", f"does not match the real message '{message}'", code="E302"))
    return out


def effective_tier(e: Entry, fact_problems: list[Problem] | None) -> str:
    """'reproduced' needs stored reproduction files; 'message_verified' is earned by passing the fact check
    (`fact_problems` is None when the reference table was not available, so nothing could be verified)."""
    if e.verification_tier == "reproduced" and e.reproduction:
        return "reproduced"
    if fact_problems is None:
        return "ai_generated"
    parsed = parse_error_code(e.error_code) if e.error_code else None
    checked = parsed is not None and parsed[0].startswith("cudaError")
    return "message_verified" if checked and not fact_problems else "ai_generated"
