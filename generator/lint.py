"""Lint rules the schema cannot express (codes and meaning in generator/rules.py), and `check`, which loads a
corpus, runs every rule and applies each entry's acknowledgements: the one gate shared by validate and build."""
from __future__ import annotations

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import unicodedata

import ftfy

from generator.config import Family, families
from generator.facts import check_facts, effective_tier
from generator.load import GATE_FIELDS, Corpus, internal_error, load_corpus, untrusted_fields
from generator.model import Entry
from generator.paths import REFERENCE_FILE
from generator.problems import Problem
from generator.regex_gate import regex_problems, rule_code, syntax_problems
from generator.rules import NOT_ACKNOWLEDGEABLE, RULES
from generator.tested import environments, tested_problems
from generator.translation import source_hash, translation_source, zh_status

PLACEHOLDER = "FILL IN"
PLACEHOLDER_HOST = "fill-in.invalid"
_TAG = re.compile(r"<\s*/?\s*[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?\s*>|<!--|<![A-Za-z]")
_CODE_SPAN = re.compile(r"`[^`]*`")
# Fields shown verbatim or never rendered as prose: no text rules apply to them.
_NOT_PROSE = {"id", "regex", "regex_flags", "signature", "samples", "near_misses", "error_code", "aliases", "tags",
              "official_doc_url", "sources", "domain", "category", "resolvable", "verification_tier", "locale",
              "first_seen", "last_confirmed", "last_updated", "date", "version", "status", "translated_from",
              "rule", "overlaps", "transition_graph", "replaced_by", "reproduction", "root_cause_type", "was", "now",
              "tested"}
_ZH_FIELDS = ("signature_zh", "root_cause_zh", "dead_ends_zh", "workarounds_zh")


def _p(e: Entry, where: str, code: str, message: str) -> Problem:
    return Problem(e.path, where, message, severity=RULES[code].severity, code=code)


def strings(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string leaf of a JSON value as (field path, text)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{where}.{k}" if where else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, f"{where}.{i}" if where else str(i))


def _is_zh(where: str) -> bool:
    return where.split(".")[0].endswith("_zh")


def _prose(where: str) -> bool:
    return not set(where.split(".")) & _NOT_PROSE


_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")  # embeddings, overrides, isolates: reorder what is shown
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u2060-\u2064\ufeff]")
_VERBATIM = {"signature", "signature_zh", "samples", "near_misses", "aliases", "error_code", "regex"}


def _joins(text: str, i: int) -> bool:
    """A zero-width (non-)joiner at i between two non-ASCII letters, marks or symbols (emoji sequences, Indic,
    Arabic, CJK) does a job there; anywhere else it only hides a different string."""
    if text[i] not in "\u200c\u200d" or i == 0 or i + 1 >= len(text):
        return False
    return all(not c.isascii() and unicodedata.category(c)[0] in "LMS" for c in (text[i - 1], text[i + 1]))


def invisible_problem(where: str, text: str) -> str | None:
    """E107: why `text` (the value of `where`) reads differently from what it is, or None."""
    m = _BIDI.search(text)
    if m is None and where.split(".")[0] in _VERBATIM:
        m = next((x for x in _INVISIBLE.finditer(text) if not _joins(text, x.start())), None)
    if m is None:
        return None
    ch = m.group()
    name = unicodedata.name(ch, "") or "a format character"
    return (f"contains U+{ord(ch):04X} {name} at character {m.start() + 1}: invisible text that makes the value read "
            "differently from what it is; remove it")


def text_problems(e: Entry) -> list[Problem]:
    out: list[Problem] = []
    for where, text in strings(e.raw):
        if (why := invisible_problem(where, text)) is not None:
            out.append(_p(e, where, "E107", why))
        if PLACEHOLDER in text or PLACEHOLDER_HOST in text.lower():
            out.append(_p(e, where, "E006", "still holds a placeholder: replace it with the real value"))
            continue
        if where.split(".")[0] not in ("regex", "translated_from") and ftfy.fix_encoding(text) != text:
            fixed = ftfy.fix_encoding(text)
            out.append(_p(e, where, "E105", f"has broken characters (mojibake); ftfy reads it as '{fixed[:80]}'"))
        if not _prose(where):
            continue
        if text.count("`") % 2:
            out.append(_p(e, where, "E103", "has an odd number of backticks: close the code span"))
        if _TAG.search(_CODE_SPAN.sub("", text)):
            out.append(_p(e, where, "W104", "contains something that looks like an HTML tag; it is shown as text — "
                                            "put code and messages in backticks"))
    for kind, items in (("dead_ends", e.dead_ends), ("workarounds", e.workarounds)):
        for i, item in enumerate(items):
            if not item.action.strip():
                out.append(_p(e, f"{kind}.{i}.action", "E101", "is empty: say what was tried"))
    for i, w in enumerate(e.workarounds):
        if w.how.strip() and w.how.strip() == w.action.strip():
            out.append(_p(e, f"workarounds.{i}.how", "W102", "repeats 'action' word for word: give the steps, or drop it"))
    return out


def translation_problems(e: Entry) -> list[Problem]:
    out: list[Problem] = []
    raw = e.raw
    # The same test of "translated" as the zh page and the translation-status page (translation.zh_status).
    status = zh_status(e)
    for name, ok in (("signature_zh", status.signature), ("root_cause_zh", status.root_cause)):
        if not ok:
            out.append(_p(e, name, "W601", "has no Chinese text: the zh page shows the English original"))
    for name, english, flags, conditions in (
            ("dead_ends_zh", e.dead_ends, status.dead_ends, status.dead_end_conditions),
            ("workarounds_zh", e.workarounds, status.workarounds, status.workaround_conditions)):
        zh = raw.get(name, [])
        if english and not zh:
            out.append(_p(e, name, "W601", f"is missing: the zh page shows the {len(english)} English item(s)"))
            continue
        if len(zh) != len(english):
            out.append(_p(e, name, "E602", f"has {len(zh)} item(s) but {name[:-3]} has {len(english)}: one translation "
                                           "per English item, in the same order"))
        for i in range(min(len(zh), len(english))):
            if not flags[i]:
                out.append(_p(e, f"{name}.{i}", "W601", "has no Chinese text: the zh page shows the English original"))
            elif not conditions[i]:
                out.append(_p(e, f"{name}.{i}.condition", "W601",
                              "is missing or has no Chinese text: the zh page shows the English condition"))
    for name, recorded in sorted(raw.get("translated_from", {}).items()):
        now = source_hash(translation_source(raw, name))
        if now != recorded:
            out.append(_p(e, f"translated_from.{name}", "W603", f"the English text changed since it was translated "
                                                                f"(hash {recorded}, now {now}): update {name}"))
    return out


def date_problems(e: Entry, today: dt.date) -> list[Problem]:
    out: list[Problem] = []
    latest = today + dt.timedelta(days=1)
    for where, text in strings(e.raw):
        if where.split(".")[-1] in ("first_seen", "last_confirmed", "last_updated", "date"):
            try:
                day = dt.date.fromisoformat(text)
            except ValueError:
                continue  # the schema reports it
            if day > latest:
                out.append(_p(e, where, "E501", f"{text} is in the future (today is {today.isoformat()})"))
    if e.first_seen and e.last_confirmed and e.first_seen > e.last_confirmed:
        out.append(_p(e, "first_seen", "W502", f"{e.first_seen} is after last_confirmed {e.last_confirmed}"))
    if e.last_confirmed and e.last_confirmed > e.last_updated:
        out.append(_p(e, "last_confirmed", "E503", f"{e.last_confirmed} is after last_updated {e.last_updated}: "
                                                   "set last_updated to the day you edit the file"))
    return out


def number_problems(e: Entry, facts: list[Problem] | None, fams: tuple[Family, ...] = ()) -> list[Problem]:
    out: list[Problem] = []
    if e.fix_success_rate is None:
        pass  # nothing counted, nothing to contradict
    elif e.resolvable == "true" and e.fix_success_rate < 0.5:
        out.append(_p(e, "resolvable", "E701", f"is \"true\" but fix_success_rate is {e.fix_success_rate}"))
    elif e.resolvable == "false" and e.fix_success_rate > 0.5:
        out.append(_p(e, "resolvable", "E701", f"is \"false\" but fix_success_rate is {e.fix_success_rate}"))
    if facts is not None and e.verification_tier != "ai_generated":
        shown = effective_tier(e, facts, fams)
        if shown != e.verification_tier:
            out.append(_p(e, "verification_tier", "W702", f"says '{e.verification_tier}' but the checks support "
                                                          f"'{shown}'; the page shows '{shown}'"))
    return out


def entry_problems(e: Entry, known: set[str], today: dt.date, reference: Path | None) -> list[Problem]:
    out: list[Problem] = []
    if e.domain != e.id.split("/")[0]:
        out.append(_p(e, "domain", "E005", f"is '{e.domain}' but the id's folder is '{e.id.split('/')[0]}'"))
    out += text_problems(e)
    out += translation_problems(e)
    out += date_problems(e, today)
    fams = families(reference) if reference else ()
    facts = check_facts(e, fams) if reference else None
    out += facts or []
    out += number_problems(e, facts, fams)
    tg = e.raw["transition_graph"]
    for kind in ("leads_to", "preceded_by", "frequently_confused_with"):
        for i, target in enumerate(tg[kind]):
            where = f"transition_graph.{kind}.{i}"
            if target == e.id:
                out.append(_p(e, where, "E402", "is the entry itself"))
            elif target not in known:
                out.append(_p(e, where, "E401", f"'{target}' is not an entry"))
    for i, target in enumerate(e.raw.get("overlaps", [])):
        if target not in known:
            out.append(_p(e, f"overlaps.{i}", "E401", f"'{target}' is not an entry"))
    for name in ("replaced_by", "belongs_to"):  # belongs_to: scenario entries name their error-code entry
        target = e.raw.get(name)
        if isinstance(target, str) and target not in known:
            out.append(_p(e, name, "E401", f"'{target}' is not an entry"))
    return out


def contradictory_edges(entries: list[Entry]) -> list[Problem]:
    """E403: the same pair declared in both causal directions (by either side)."""
    declared: dict[tuple[str, str], list[tuple[Entry, str]]] = {}
    for e in entries:
        tg = e.raw["transition_graph"]
        for i, t in enumerate(tg["leads_to"]):
            declared.setdefault((e.id, t), []).append((e, f"transition_graph.leads_to.{i}"))
        for i, s in enumerate(tg["preceded_by"]):
            declared.setdefault((s, e.id), []).append((e, f"transition_graph.preceded_by.{i}"))
    out = []
    for (a, b), sites in declared.items():
        if a != b and (b, a) in declared:
            for e, where in sites:
                out.append(_p(e, where, "E403", f"'{a}' leads to '{b}', and '{b}' is also declared to lead to '{a}'"))
    return out


def lint_corpus(corpus: Corpus, entries_dir: Path, reference: Path | None, today: dt.date | None = None) -> list[Problem]:
    today = today or dt.datetime.now(dt.timezone.utc).date()
    # Ids of every entry file, loaded or not: a broken neighbour is reported once, not as a dangling reference too.
    known = set(corpus.ids)
    # Schema-broken entries are linted too, from a copy with neutral values in the broken fields; findings on
    # those fields, or on fields that depend on them, are dropped (generator/load.py, untrusted_fields).
    linted = corpus.entries + corpus.partial
    gate = corpus.entries + [e for e in corpus.partial if not GATE_FIELDS & {f.split(".")[0] for f in
                                                                              corpus.repaired[e.path]}]
    out: list[Problem] = []
    for e in linted:
        try:
            out += entry_problems(e, known, today, reference)
            out += tested_problems(e, entries_dir)
        except Exception as exc:  # noqa: BLE001 (a bug must not hide the other entries' problems)
            out.append(internal_error(e.path, exc))
    out += contradictory_edges(linted)
    for a in corpus.articles:
        for i, target in enumerate(a.entries):
            if target not in known:
                out.append(Problem(a.path, f"entries.{i}", f"'{target}' is not an entry", code="E401"))
    try:
        out += regex_problems(gate)  # E2xx: also runs the JavaScript side, in one Node process
    except Exception as exc:  # noqa: BLE001
        out.append(internal_error("generator/regex_gate.py", exc))
    in_gate = {e.path for e in gate}
    for e in corpus.partial:
        if e.path not in in_gate and not {"regex", "regex_flags"} & corpus.repaired[e.path]:
            out += [_p(e, "regex", rule_code(r), r) for r in syntax_problems(e.regex, e.regex_flags)[0]]
    return [p for p in out if not _untrusted(p, corpus.repaired)]


def _untrusted(p: Problem, repaired: dict[str, frozenset[str]]) -> bool:
    if p.file not in repaired:
        return False
    return any(p.field == f or p.field.startswith(f + ".") for f in untrusted_fields(repaired[p.file]))


def acknowledge(problems: list[Problem], entries: list[Entry], partial: list[Entry] = ()) -> list[Problem]:
    """An entry's `acknowledged: [{rule, reason}]` turns that rule's errors in that entry into 'acknowledged'
    notices (shown on its page); an acknowledgement that matches nothing is itself reported (W002). A `partial`
    (schema-broken) entry's acknowledgements apply too, but are not reported as unused: not every rule ran."""
    entries = list(entries) + list(partial)
    complete = {e.path for e in entries} - {e.path for e in partial}
    acks = {e.path: {a["rule"] for a in e.acknowledged} for e in entries}
    firing: dict[str, set[str]] = {}
    out = []
    for p in problems:
        if p.severity == "error" and p.code and p.code not in NOT_ACKNOWLEDGEABLE and p.code in acks.get(p.file, ()):
            out.append(dataclasses.replace(p, severity="acknowledged"))
            firing.setdefault(p.file, set()).add(p.code)
        else:
            out.append(p)
    for e in entries:
        if e.path not in complete:
            continue
        for i, a in enumerate(e.acknowledged):
            if a["rule"] not in firing.get(e.path, set()):
                why = ("is not an error this entry can acknowledge" if a["rule"] not in RULES or
                       RULES[a["rule"]].severity != "error" or a["rule"] in NOT_ACKNOWLEDGEABLE
                       else "does not fire for this entry: remove the acknowledgement")
                out.append(Problem(e.path, f"acknowledged.{i}", f"{a['rule']} {why}", severity="warning", code="W002"))
    return out


@dataclass
class Report:
    corpus: Corpus
    problems: list[Problem] = field(default_factory=list)
    facts_checked: bool = True  # False when the CUDA reference table was missing (W300)
    families: tuple[Family, ...] = ()
    tested: dict[str, tuple[str, str]] = field(default_factory=dict)  # '<id>:<kind>.<i>' -> GPU and CUDA of its stored run

    def tiers(self) -> dict[str, str]:
        """The verification tier each entry's page shows, earned from this report's fact findings (E301/E302)."""
        facts: dict[str, list[Problem]] = {}
        for p in self.problems:
            if p.code in ("E301", "E302"):
                facts.setdefault(p.file, []).append(p)
        return {e.id: effective_tier(e, facts.get(e.path, []) if self.facts_checked else None, self.families)
                for e in self.corpus.entries}

    def of(self, severity: str) -> list[Problem]:
        return [p for p in self.problems if p.severity == severity]

    @property
    def errors(self) -> list[Problem]:
        return self.of("error")

    def page_notices(self) -> dict[str, tuple[Problem, ...]]:
        """Warnings to show on each entry's page (untranslated text is marked on the page already)."""
        by_file: dict[str, list[Problem]] = {}
        for p in self.problems:
            if p.severity == "warning" and p.code and p.code != "W601":
                by_file.setdefault(p.file, []).append(p)
        return {e.id: tuple(sorted(by_file[e.path])) for e in self.corpus.entries if e.path in by_file}


def check(entries_dir: Path, reference: Path = REFERENCE_FILE, today: dt.date | None = None) -> Report:
    """Load and lint a corpus; every problem is in the report, with acknowledgements applied."""
    corpus = load_corpus(entries_dir)
    ref = reference if reference.exists() else None
    problems = corpus.problems + lint_corpus(corpus, entries_dir, ref, today)
    if ref is None:
        problems.append(Problem(str(reference), "", "CUDA reference table not found: facts are not checked",
                                severity="warning", code="W300"))
    return Report(corpus, sorted(set(acknowledge(problems, corpus.entries, corpus.partial))),
                  facts_checked=ref is not None, families=families(ref) if ref else (),
                  tested=environments(corpus.entries, entries_dir))
