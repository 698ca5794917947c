"""Lint rules the schema cannot express (codes and meaning in generator/lint/rules.py), and `check`, which loads a
corpus, runs every rule and applies each entry's acknowledgements: the one gate shared by validate and build."""
from __future__ import annotations

import dataclasses
import datetime as dt
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ftfy

from generator.config import Family, families
from generator.l10n.translation import has_chinese, source_hash, translation_source, zh_status
from generator.lint.facts import check_facts, effective_tier
from generator.lint.rules import NOT_ACKNOWLEDGEABLE, RULES
from generator.lint.tested import environments, reproduction_problems, tested_problems
from generator.load.corpus import GATE_FIELDS, Corpus, internal_error, load_corpus, untrusted_fields
from generator.load.registry import load_registry, registry_path, registry_problems
from generator.memo import digest, entry_digest, remembered
from generator.model import VERSION_NOTES, Entry
from generator.paths import REFERENCE_FILE
from generator.problems import Problem
from generator.reference.cuda_reference import documented_sticky, parse_error_code
from generator.regex_dialect.regex_gate import regex_problems, rule_code, syntax_problems
from generator.render import titles
from generator.workers import fork_map

PLACEHOLDER = "FILL IN"
PLACEHOLDER_HOST = "fill-in.invalid"
_TAG = re.compile(r"<\s*/?\s*[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?\s*>|<!--|<![A-Za-z]")
_CODE_SPAN = re.compile(r"`[^`]*`")
# Fields shown verbatim or never rendered as prose: no text rules apply to them.
_NOT_PROSE = {"id", "regex", "regex_flags", "signature", "samples", "near_misses", "error_code", "aliases", "tags",
              "official_doc_url", "sources", "domain", "category", "resolvable", "verification_tier", "locale",
              "first_seen", "last_confirmed", "last_updated", "date", "version", "status", "translated_from",
              "rule", "overlaps", "transition_graph", "replaced_by", "reproduction", "root_cause_type", "was", "now",
              "evidence", "tested", "sticky"}
_ZH_FIELDS = ("signature_zh", "root_cause_zh", "dead_ends_zh", "workarounds_zh", "title_zh")


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
        # ftfy returns ASCII text unchanged (its first check): skip the call for most strings of a corpus.
        verbatim = text.isascii() or where.split(".")[0] in ("regex", "translated_from")
        fixed = text if verbatim else ftfy.fix_encoding(text)
        if fixed != text:
            out.append(_p(e, where, "E105", f"has broken characters (mojibake); ftfy reads it as '{fixed[:80]}'"))
        if not _prose(where):
            continue
        if text.count("`") % 2:
            out.append(_p(e, where, "E103", "has an odd number of backticks: close the code span"))
        if _TAG.search(_CODE_SPAN.sub("", text)):
            out.append(_p(e, where, "W104", "contains something that looks like an HTML tag; it is shown as text — "
                                            "put code and messages in backticks"))
    for kind, actions in (("dead_ends", [d.action for d in e.dead_ends]),
                          ("workarounds", [w.action for w in e.workarounds])):
        for i, action in enumerate(actions):
            if not action.strip():
                out.append(_p(e, f"{kind}.{i}.action", "E101", "is empty: say what was tried"))
    for i, w in enumerate(e.workarounds):
        if w.how.strip() and w.how.strip() == w.action.strip():
            out.append(_p(e, f"workarounds.{i}.how", "W102",
                          "repeats 'action' word for word: give the steps, or drop it"))
    for name, text in (("title", titles.title_en(e)), ("title_zh", titles.title_zh(e))):
        if titles.width(text) > titles.MAX_TITLE:
            where = name if e.title else name.replace("title", "signature")
            out.append(_p(e, where, "W108", f"makes a page title {titles.width(text)} columns wide (over "
                                            f"{titles.MAX_TITLE}): give the entry a short `{name}`; the message "
                                            "stays under it as printed"))
    return out


def translation_problems(e: Entry) -> list[Problem]:
    out: list[Problem] = []
    raw = e.raw
    # The same test of "translated" as the zh page and the translation-status page (translation.zh_status).
    status = zh_status(e)
    for name, ok in (("signature_zh", status.signature), ("root_cause_zh", status.root_cause)):
        if not ok:
            out.append(_p(e, name, "W601", "has no Chinese text: the zh page shows the English original"))
    if e.title and not has_chinese(e.title_zh):
        out.append(_p(e, "title_zh", "W601", "has no Chinese text: the zh page shows the English title"))
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
    # Texts beside the main fields (history, version notes, the stored run's environment): each its own `_zh` key.
    for where, original, translated in _side_texts(raw):
        if original and not has_chinese(translated):
            out.append(_p(e, where, "W601",
                          "is missing or has no Chinese text: the zh page shows the English original"))
    for name, recorded in sorted(raw.get("translated_from", {}).items()):
        now = source_hash(translation_source(raw, name))
        if now != recorded:
            out.append(_p(e, f"translated_from.{name}", "W603", f"the English text changed since it was translated "
                                                                f"(hash {recorded}, now {now}): update {name}"))
    return out


def _side_texts(raw: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(zh field, English text, zh text) for the texts shown on the page that have a `<key>_zh` beside them."""
    def items(name: str) -> list[dict[str, Any]]:
        value = raw.get(name)
        return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []
    for i, c in enumerate(items("corrections")):
        yield f"corrections.{i}.why_zh", str(c.get("why") or ""), str(c.get("why_zh") or "")
    for i, a in enumerate(items("acknowledged")):
        yield f"acknowledged.{i}.reason_zh", str(a.get("reason") or ""), str(a.get("reason_zh") or "")
    for i, v in enumerate(items("versions")):
        for note in VERSION_NOTES:
            yield f"versions.{i}.{note}_zh", str(v.get(note) or ""), str(v.get(f"{note}_zh") or "")
    repro = raw.get("reproduction")
    if isinstance(repro, dict):
        yield "reproduction.environment_zh", str(repro.get("environment") or ""), str(repro.get("environment_zh") or "")


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
    if e.last_confirmed and e.reproduction and e.last_confirmed > e.reproduction["date"]:
        out.append(_p(e, "last_confirmed", "W504", f"{e.last_confirmed} is after the stored reproduction "
                                                   f"({e.reproduction['date']}), the only run that shows the error: "
                                                   "use its date, or store the later run"))
    return out


_TYPED_RATE = "is a typed rate that nothing was counted on; it is not shown: remove it"


def rate_problems(e: Entry) -> list[Problem]:
    """E703: a rate typed by hand. Pages show a share only as counted from linked reports (`evidence`), so a typed
    number is never backed; E704: one report counted both as worked and as failed."""
    out: list[Problem] = []
    for name in ("confidence", "fix_success_rate"):
        if name in e.raw:
            out.append(_p(e, name, "E703", f"{_TYPED_RATE} (an entry-level estimate cannot be counted)"))
    for kind, rate in (("workarounds", "success_rate"), ("dead_ends", "fail_rate")):
        for i, item in enumerate(e.raw.get(kind, [])):
            if rate in item:
                out.append(_p(e, f"{kind}.{i}.{rate}", "E703", f"{_TYPED_RATE}, and link the reports that say "
                                                               "whether it worked in `evidence`"))
            ev = item.get("evidence") or {}
            for url in sorted(set(ev.get("worked", [])) & set(ev.get("failed", []))):
                out.append(_p(e, f"{kind}.{i}.evidence", "E704", f"counts {url} both as worked and as failed: "
                                                                 "one report, one verdict"))
    return out


# A claim that the project ran something: first person, or "reproduced"/"tested on <GPU>" without a subject.
_CLAIM_EN = re.compile(
    r"\breproduced\b"
    r"|\b(?:in|from|during) (?:our|my) (?:[\w.+-]+ ){0,3}(?:tests?|testing|runs?|experiments?|measurements?)\b"
    r"|\bwe (?:tested|reproduced|ran|measured|observed|confirmed|verified|saw)\b|\bin a (?:quick )?test\b"
    r"|\b(?:tested|verified|measured|observed|confirmed) on (?:an? |the )?(?:[A-Z]{1,4} ?[0-9]{2,4}|GPU)", re.I)
_CLAIM_ZH = re.compile(
    r"我们(?:的)?(?:在[^。；]{0,20})?(?:测试|复现|实测|验证|运行|试验)|在我们的|实测|经测试|测试(?:中|时|表明)"
    r"|已(?:在[^。；，]{0,30})?复现|复现(?:中|时|出|到了)")


def stored_reproduction(e: Entry, entries_dir: Path) -> bool:
    """The entry names a reproduction and its script and output are stored beside it."""
    r = e.reproduction
    if not r:
        return False
    folder = entries_dir / f"{e.id}.repro"
    return (folder / r["script"]).is_file() and (folder / r["output"]).is_file()


# A first-person claim ("in our tests", "we ran", "我们测试", "实测"): the reader cannot tell which run it means, so it
# is flagged even where a reproduction is stored (that run is named as "the stored reproduction", "复现中").
_FIRST_PERSON_EN = re.compile(
    r"\b(?:in|from|during) (?:our|my) (?:[\w.+-]+ ){0,3}(?:tests?|testing|runs?|experiments?|measurements?)\b"
    r"|\bwe (?:tested|reproduced|ran|measured|observed|confirmed|verified|saw)\b", re.I)
_FIRST_PERSON_ZH = re.compile(r"我们(?:的)?(?:在[^。；]{0,20})?(?:测试|复现|实测|验证|运行|试验)|在我们的|实测|经测试")


def claim_problems(e: Entry, entries_dir: Path) -> list[Problem]:
    """E705: prose that says the error or a fix was reproduced or tested, in an entry with no stored run; and, in
    any entry, a first-person test claim, which does not say which run it means (name the stored one)."""
    stored = stored_reproduction(e, entries_dir)
    out: list[Problem] = []
    for where, text in strings(e.raw):
        if not _prose(where):
            continue
        zh = _is_zh(where)
        if stored:
            m = (_FIRST_PERSON_ZH if zh else _FIRST_PERSON_EN).search(_CODE_SPAN.sub("", text))
            if m:
                out.append(_p(e, where, "E705", f"says '{m.group()}': a test the reader cannot find; say what the "
                                                "stored reproduction shows (\"the stored reproduction: …\"), or cite "
                                                "the report or document"))
            continue
        m = (_CLAIM_ZH if zh else _CLAIM_EN).search(_CODE_SPAN.sub("", text))
        if m:
            out.append(_p(e, where, "E705", f"says '{m.group()}' but no run is stored beside the entry: store it "
                                            "(`reproduction` and its files) or cite the report or document instead"))
    return out


_STOP = frozenset(["a", "an", "the", "or", "and", "to", "of", "it", "its", "all", "nvidia"])


def _action_key(action: str) -> str:
    words = re.sub(r"[^\w\s/]+", " ", action.lower().replace("`", "")).split()
    return " ".join(w for w in words if w not in _STOP)


COPIED_DEAD_END = 5  # entries sharing one dead end before W706 calls it filler


def copied_dead_ends(entries: list[Entry]) -> list[Problem]:
    """W706: the same dead end (action text, normalised) in many entries: filler, not what people try for this
    error."""
    seen: dict[str, list[tuple[Entry, int]]] = {}
    for e in entries:
        for i, d in enumerate(e.dead_ends):
            key = _action_key(d.action)
            if key:
                seen.setdefault(key, []).append((e, i))
    out = []
    for sites in seen.values():
        ids = {e.id for e, _ in sites}
        if len(ids) >= COPIED_DEAD_END:
            for e, i in sites:
                others = sorted(ids - {e.id})
                listed = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
                out.append(_p(e, f"dead_ends.{i}.action", "W706", f"the same dead end is in {len(ids)} entries "
                                                                  f"({listed}): "
                                                                  "keep it only where people really try it for this "
                                                                  "error, and say why it fails here"))
    return out


def number_problems(e: Entry, facts: list[Problem] | None, fams: tuple[Family, ...] = ()) -> list[Problem]:
    out: list[Problem] = []
    counted = [(i, w.evidence) for i, w in enumerate(e.workarounds) if w.evidence and w.evidence.reports]
    if e.resolvable == "false":
        for i, ev in counted:
            if ev.rate > 0.5:
                out.append(_p(e, "resolvable", "E701", f"is \"false\" but workaround {i} fixed the error in "
                                                        f"{len(ev.worked)} of its {ev.reports} linked reports"))
                break
    elif e.resolvable == "true" and counted and len(counted) == len(e.workarounds) and \
            all(ev.rate < 0.5 for _, ev in counted):
        out.append(_p(e, "resolvable", "E701", "is \"true\" but every workaround failed in most of its linked "
                                                "reports"))
    if facts is not None and e.verification_tier != "ai_generated":
        shown = effective_tier(e, facts, fams)
        if shown != e.verification_tier:
            out.append(_p(e, "verification_tier", "W702", f"says '{e.verification_tier}' but the checks support "
                                                          f"'{shown}'; the page shows '{shown}'"))
    return out


def sticky_problems(e: Entry, checked: bool) -> list[Problem]:
    """W707: a CUDA error page (the cuda domain, or any entry whose code is a CUDA runtime or driver code) that does
    not say whether the error is sticky. E303: it says so otherwise than
    NVIDIA's description of the code ('the process must be terminated and relaunched')."""
    if not e.error_code or (e.domain != "cuda" and not e.error_code.startswith(("cudaError", "CUDA_ERROR_"))):
        return []
    if e.sticky is None:
        return [_p(e, "error_code", "W707", "the page does not say whether the error is sticky: set \"sticky\" "
                                            "to \"yes\", \"no\", \"init\" or \"depends\"")]
    parsed = parse_error_code(e.error_code)
    if checked and parsed and e.sticky != "yes" and documented_sticky(parsed[0]):
        return [_p(e, "sticky", "E303", f"is \"{e.sticky}\", but NVIDIA documents {parsed[0]} as sticky ('the "
                                        "process must be terminated and relaunched'): set it to \"yes\"")]
    return []


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
    out += rate_problems(e)
    out += sticky_problems(e, reference is not None)
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


# entry_problems of each entry found by the last incremental check in this process (`mkdocs serve`), by a digest of
# all it reads: the entry file, the ids of the corpus (it names some), the day and the reference table. A rebuild
# after an edit checks again only the entries whose digest changed. ENTRIES_CHECKED counts incremental checks (tests).
_ENTRY_FOUND: dict[str, tuple[bytes, tuple[Problem, ...]]] = {}
ENTRIES_CHECKED = 0


def _entry_problems(e: Entry, known: set[str], today: dt.date, reference: Path | None,
                    corpus_key: bytes | None) -> list[Problem]:
    """entry_problems, or (incremental: corpus_key, the digest of the rest of its inputs) what it found before."""
    if corpus_key is None:
        return entry_problems(e, known, today, reference)

    def check() -> tuple[Problem, ...]:
        global ENTRIES_CHECKED
        ENTRIES_CHECKED += 1
        return tuple(entry_problems(e, known, today, reference))
    found: tuple[Problem, ...] = remembered(_ENTRY_FOUND, e.path, digest(corpus_key, entry_digest(e)), check)
    return list(found)


_CLAIMS_FOUND: dict[str, tuple[bytes, tuple[Problem, ...]]] = {}  # claim_problems by entry file, while serving


def _claim_problems(e: Entry, entries_dir: Path, incremental: bool) -> list[Problem]:
    """claim_problems, or (incremental) what it found before for the same entry text and the same stored run."""
    if not incremental:
        return claim_problems(e, entries_dir)
    key = digest(entry_digest(e), stored_reproduction(e, entries_dir))
    found: tuple[Problem, ...] = remembered(_CLAIMS_FOUND, e.path, key, lambda: tuple(claim_problems(e, entries_dir)))
    return list(found)


def lint_corpus(corpus: Corpus, entries_dir: Path, reference: Path | None,
                today: dt.date | None = None, incremental: bool = False) -> list[Problem]:
    today = today or dt.datetime.now(dt.UTC).date()
    # Ids of every entry file, loaded or not: a broken neighbour is reported once, not as a dangling reference too.
    known = set(corpus.ids)
    corpus_key = digest(sorted(known), today, reference) if incremental else None
    if not incremental:
        _ENTRY_FOUND.clear()
        _CLAIMS_FOUND.clear()
    # Schema-broken entries are linted too, from a copy with neutral values in the broken fields; findings on
    # those fields, or on fields that depend on them, are dropped (generator/load/corpus.py, untrusted_fields).
    linted = corpus.entries + corpus.partial
    gate = corpus.entries + [e for e in corpus.partial if not GATE_FIELDS & {f.split(".")[0] for f in
                                                                              corpus.repaired[e.path]}]
    def each(e: Entry) -> list[Problem]:
        try:
            return (_entry_problems(e, known, today, reference, corpus_key)
                    + _claim_problems(e, entries_dir, incremental)
                    + tested_problems(e, entries_dir) + reproduction_problems(e, entries_dir))
        except Exception as exc:  # noqa: BLE001 (a bug must not hide the other entries' problems)
            return [internal_error(e.path, exc)]

    # Cold, every entry's own checks on every core (generator/workers.py); serving, one at a time, with the memo.
    found = [each(e) for e in linted] if incremental else fork_map(each, linted)
    out: list[Problem] = [p for problems in found for p in problems]
    out += contradictory_edges(linted)
    out += copied_dead_ends(linted)
    for a in corpus.articles:
        for i, target in enumerate(a.entries):
            if target not in known:
                out.append(Problem(a.path, f"entries.{i}", f"'{target}' is not an entry", code="E401"))
    try:
        out += regex_problems(gate, incremental)  # E2xx: also runs the JavaScript side, in one Node process
    except Exception as exc:  # noqa: BLE001
        out.append(internal_error("generator/regex_dialect/regex_gate.py", exc))
    in_gate = {e.path for e in gate}
    for e in corpus.partial:
        if e.path not in in_gate and not {"regex", "regex_flags"} & corpus.repaired[e.path]:
            out += [_p(e, "regex", rule_code(r), r) for r in syntax_problems(e.regex, e.regex_flags)[0]]
    return [p for p in out if not _untrusted(p, corpus.repaired)]


def _untrusted(p: Problem, repaired: dict[str, frozenset[str]]) -> bool:
    if p.file not in repaired:
        return False
    return any(p.field == f or p.field.startswith(f + ".") for f in untrusted_fields(repaired[p.file]))


def acknowledge(problems: list[Problem], entries: list[Entry], partial: Sequence[Entry] = ()) -> list[Problem]:
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
    # '<id>:<kind>.<i>' -> GPU and CUDA of its stored run
    tested: dict[str, tuple[str, str]] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)  # moved id -> the id that replaces it (config/ids.txt)

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


def check(entries_dir: Path, reference: Path = REFERENCE_FILE, today: dt.date | None = None,
          incremental: bool = False) -> Report:
    """Load and lint a corpus; every problem is in the report, with acknowledgements applied. `incremental`
    (`mkdocs serve`): an entry whose file did not change since the last incremental check in this process is not
    checked again by entry_problems (its findings are the same)."""
    corpus = load_corpus(entries_dir, incremental)
    ref = reference if reference.exists() else None
    problems = corpus.problems + lint_corpus(corpus, entries_dir, ref, today, incremental)
    redirects: dict[str, str] = {}
    if (ids_file := registry_path(entries_dir)).exists():
        registry = load_registry(ids_file, ids_file.relative_to(entries_dir.parent).as_posix())
        files = {i: f"{entries_dir.name}/{i}.json" for i in corpus.ids}
        problems += registry_problems(registry, set(corpus.ids), files)
        redirects = registry.redirects
    if ref is None:
        problems.append(Problem(str(reference), "", "CUDA reference table not found: facts are not checked",
                                severity="warning", code="W300"))
    return Report(corpus, sorted(set(acknowledge(problems, corpus.entries, corpus.partial))),
                  facts_checked=ref is not None, families=families(ref) if ref else (),
                  tested=environments(corpus.entries, entries_dir), redirects=redirects)
