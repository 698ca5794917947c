"""Typed views of entries and articles, built from validated input."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Evidence:
    """What a rate is counted on: links to reports in which the action fixed the error, and in which it did not.
    The rate is derived from them, never typed by hand."""
    worked: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()

    @property
    def reports(self) -> int:
        return len(self.worked) + len(self.failed)

    @property
    def rate(self) -> float:
        """Share of the linked reports in which the action fixed the error."""
        return len(self.worked) / self.reports if self.reports else 0.0


@dataclass(frozen=True)
class DeadEnd:
    action: str
    why_fails: str
    fail_rate: float | None  # legacy, never shown: old entries typed it without counting anything (lint E703)
    condition: str = ""
    sources: tuple[str, ...] = ()
    evidence: Evidence | None = None  # what the page counts: "did not fix it in 4 of 5 linked reports"


@dataclass(frozen=True)
class Workaround:
    action: str
    success_rate: float | None  # legacy, never shown nor used for ordering (lint E703)
    how: str = ""
    condition: str = ""
    sources: tuple[str, ...] = ()
    evidence: Evidence | None = None  # what the page counts and ranks by: "fixed it in 5 of 6 linked reports"


@dataclass(frozen=True)
class ZhText:
    """One translated item: action (and optional how / why_fails / condition)."""
    action: str = ""
    how: str = ""
    why_fails: str = ""
    condition: str = ""


# A version row's notes, in the order the page's columns show them; each may have a Chinese text (`<note>_zh`).
VERSION_NOTES = ("introduced", "deprecated", "removed", "behavior_change")


@dataclass(frozen=True)
class VersionRow:
    product: str
    version: str
    status: str
    introduced: str | None = None
    deprecated: str | None = None
    removed: str | None = None
    behavior_change: str | None = None
    # The four notes above in other languages, by field name (`introduced_zh` -> text); a note without one shows in
    # English on that language's pages.
    translations: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Entry:
    id: str
    path: str  # repository-relative source path, e.g. entries/cuda/illegal-address.json
    raw: dict[str, Any]  # the validated JSON, for the static API and for lint rules
    signature: str
    signature_zh: str
    regex: str
    regex_flags: str
    domain: str
    category: str
    root_cause: str
    root_cause_zh: str
    versions: tuple[VersionRow, ...]
    dead_ends: tuple[DeadEnd, ...]
    dead_ends_zh: tuple[ZhText, ...]
    workarounds: tuple[Workaround, ...]
    workarounds_zh: tuple[ZhText, ...]
    leads_to: tuple[str, ...]
    preceded_by: tuple[str, ...]
    confused_with: tuple[str, ...]
    official_doc_url: str
    official_doc_section: str | None
    error_code: str | None
    verification_tier: str
    confidence: float | None  # legacy, never shown: nothing can be counted for it (lint E703)
    fix_success_rate: float | None  # legacy, never shown (lint E703)
    resolvable: str
    first_seen: str | None
    last_confirmed: str | None
    last_updated: str
    tags: tuple[str, ...]
    aliases: tuple[str, ...]
    subcategory: str | None = None
    os_specific: dict[str, str] = field(default_factory=dict)
    corrections: tuple[dict[str, str], ...] = ()
    acknowledged: tuple[dict[str, str], ...] = ()
    replaced_by: str | None = None
    belongs_to: str | None = None
    reproduction: dict[str, str] | None = None
    title: str | None = None  # a scenario page's own title; the signature stays the message as printed
    title_zh: str | None = None
    incidental: bool = False  # accompanies other errors (harmless line, teardown): the matcher ranks it last
    sticky: str | None = None  # 'yes' (corrupts the context), 'no' (only the call failed), 'init' (at start-up)

    @property
    def slug(self) -> str:
        return self.id.split("/", 1)[1]


@dataclass(frozen=True)
class Article:
    id: str
    path: str
    title: str
    date: str
    body: str
    entries: tuple[str, ...]  # declared in front matter
    title_zh: str | None = None
    body_zh: str | None = None
    zh_path: str | None = None
    repaired_mojibake: bool = False


def workaround_order(e: Entry) -> list[int]:
    """Indexes of e.workarounds as pages (and the paste box) show them: first those that fixed the error in most of
    their linked reports (best share first, then most reports); then those not yet measured, in the order the entry
    gives them; last those that failed in at least half of their linked reports. Typed rates play no part."""
    def key(i: int) -> tuple[int, float, int, int]:
        ev = e.workarounds[i].evidence
        if ev is None or not ev.reports:
            return (1, 0.0, 0, i)
        return (0 if ev.rate > 0.5 else 2, -ev.rate, -ev.reports, i)
    return sorted(range(len(e.workarounds)), key=key)
