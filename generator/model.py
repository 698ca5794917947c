"""Typed views of entries and articles, built from validated input."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DeadEnd:
    action: str
    why_fails: str
    fail_rate: float | None  # None: nothing was counted (the page says "not yet measured")
    condition: str = ""
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Workaround:
    action: str
    success_rate: float | None  # None: nothing was counted; workarounds then keep the order given
    how: str = ""
    condition: str = ""
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class ZhText:
    """One translated item: action (and optional how / why_fails / condition)."""
    action: str = ""
    how: str = ""
    why_fails: str = ""
    condition: str = ""


@dataclass(frozen=True)
class VersionRow:
    product: str
    version: str
    status: str
    introduced: str | None = None
    deprecated: str | None = None
    removed: str | None = None
    behavior_change: str | None = None


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
    confidence: float | None
    fix_success_rate: float | None
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


def workaround_order(e: "Entry") -> list[int]:
    """Indexes of e.workarounds as pages show them: those with a counted success rate first, highest first;
    then the rest in the order the entry gives them (its authors order them by evidence)."""
    return sorted(range(len(e.workarounds)),
                  key=lambda i: (e.workarounds[i].success_rate is None, -(e.workarounds[i].success_rate or 0), i))
