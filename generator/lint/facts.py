"""Check an entry's facts (error code, status names, the printed message) against the ground-truth tables
of the error families (config/families/: CUDA runtime and driver, cuBLAS, cuDNN, NCCL, NVML, cuSPARSE)."""
from __future__ import annotations

import re

from generator.config import Family, family_of
from generator.model import Entry
from generator.problems import Problem
from generator.reference.cuda_reference import parse_error_code
from generator.regex_dialect.safe_regex import compile_regex, search


def _label(f: Family) -> str:
    return "CUDA error" if f.id.startswith("cuda-") else f"{f.name} status"


def check_facts(e: Entry, fams: tuple[Family, ...]) -> list[Problem]:
    """E301: a code or status name the libraries never print. E302: the real printed form (message or name,
    as the family prints it) disagrees with the entry's signature or regex."""
    out: list[Problem] = []
    named: set[tuple[str, Family]] = set()
    for f in fams:
        named |= {(m, f) for m in re.findall(rf"\b{f.enum}\b", e.signature)}
        named |= {(a, f) for a in e.aliases if f.names(a)}
    if e.error_code:
        parsed = parse_error_code(e.error_code)
        if parsed is None:
            out.append(Problem(e.path, "error_code", f"'{e.error_code}' is not of the form 'cudaErrorName (123)'",
                               code="E301"))
        else:
            name, code = parsed
            fam = family_of(name, fams)
            if fam is None and (e.domain == "cuda" or name.startswith(("cudaError", "CUDA_ERROR_"))):
                out.append(Problem(e.path, "error_code", f"{name} is not a CUDA error name the libraries print",
                                   code="E301"))
            elif fam is not None:
                real = fam.by_name(name)
                if real is None:
                    out.append(Problem(e.path, "error_code",
                                       f"{name} is not a {_label(fam)} name the libraries print", code="E301"))
                elif code is None:
                    out.append(Problem(e.path, "error_code", f"give the number too: '{name} ({real.code})'",
                                       code="E301"))
                elif code != real.code:
                    out.append(Problem(e.path, "error_code", f"{name} is {real.code}, not {code}", code="E301"))
                else:
                    out += _printed_form_agrees(e, fam.printed_form(real), fam.printed)
    for n in sorted({n for n, _ in named}):
        candidates = [f for name, f in named if name == n]
        if not any(f.by_name(n) for f in candidates):  # cuDNN 8 and 9 share a naming scheme: either knows it
            out.append(Problem(e.path, "signature" if n in e.signature else "aliases",
                               f"{n} is not a {_label(min(candidates, key=lambda f: f.id))} name the libraries "
                               "print", code="E301"))
    return out


def _printed_form_agrees(e: Entry, printed: str, kind: str) -> list[Problem]:
    out = []
    what = "message" if kind == "message" else "status name"
    if printed not in e.signature:
        out.append(Problem(e.path, "signature", f"does not contain the real {what} '{printed}'", code="E302"))
    rx = compile_regex(e.regex, e.regex_flags)  # RE2: a contributed regex never runs in a backtracking engine
    if rx is None:
        return out  # the regex gate reports this
    if search(rx, printed) is None:
        out.append(Problem(e.path, "regex", f"does not match the real {what} '{printed}'", code="E302"))
    return out


def effective_tier(e: Entry, fact_problems: list[Problem] | None, fams: tuple[Family, ...] = ()) -> str:
    """'reproduced' needs stored reproduction files; 'message_verified' is earned by passing the fact check
    against a family's table (`fact_problems` is None when no table was available, so nothing could be
    verified)."""
    if e.verification_tier == "reproduced" and e.reproduction:
        return "reproduced"
    if fact_problems is None:
        return "ai_generated"
    parsed = parse_error_code(e.error_code) if e.error_code else None
    fam = family_of(parsed[0], fams) if parsed else None
    checked = fam is not None and parsed is not None and fam.by_name(parsed[0]) is not None
    return "message_verified" if checked and not fact_problems else "ai_generated"
