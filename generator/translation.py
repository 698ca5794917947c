"""Which Chinese fields are really translated: missing, empty or still-English text counts as untranslated."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.model import DeadEnd, Entry, Workaround, ZhText

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def has_chinese(text: str | None) -> bool:
    return bool(text and _CJK.search(text))


def source_hash(text: str) -> str:
    """Short hash of the English text a translation was made from (stale-translation check)."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class ZhStatus:
    signature: bool
    root_cause: bool
    dead_ends: tuple[bool, ...]  # one flag per English dead end: its main text (action / why_fails)
    workarounds: tuple[bool, ...]  # one flag per English workaround: its action
    # One flag per item: its condition is translated, or the English item has none.
    dead_end_conditions: tuple[bool, ...] = ()
    workaround_conditions: tuple[bool, ...] = ()

    @property
    def fields(self) -> dict[str, bool]:
        return {
            "signature_zh": self.signature,
            "root_cause_zh": self.root_cause,
            "dead_ends_zh": all(self.dead_ends) and all(self.dead_end_conditions),
            "workarounds_zh": all(self.workarounds) and all(self.workaround_conditions),
        }

    @property
    def complete(self) -> bool:
        return all(self.fields.values())


def zh_status(entry: Entry) -> ZhStatus:
    def item_ok(items: Sequence[ZhText], i: int, *texts: str) -> bool:
        if i >= len(items):
            return False
        zh = items[i]
        return any(has_chinese(getattr(zh, t)) for t in texts)

    def condition_ok(english: Sequence[DeadEnd | Workaround], items: Sequence[ZhText], i: int) -> bool:
        return not english[i].condition or item_ok(items, i, "condition")

    return ZhStatus(
        signature=has_chinese(entry.signature_zh),
        root_cause=has_chinese(entry.root_cause_zh),
        dead_ends=tuple(item_ok(entry.dead_ends_zh, i, "why_fails", "action") for i in range(len(entry.dead_ends))),
        workarounds=tuple(item_ok(entry.workarounds_zh, i, "action") for i in range(len(entry.workarounds))),
        dead_end_conditions=tuple(condition_ok(entry.dead_ends, entry.dead_ends_zh, i)
                                  for i in range(len(entry.dead_ends))),
        workaround_conditions=tuple(condition_ok(entry.workarounds, entry.workarounds_zh, i)
                                    for i in range(len(entry.workarounds))),
    )


def translation_source(raw: dict[str, Any], zh_field: str) -> str:
    """The English text a zh field translates, as one string (what `translated_from` hashes)."""
    if zh_field in ("signature_zh", "root_cause_zh", "title_zh"):
        return str(raw.get(zh_field[:-3], ""))
    keys = ("action", "why_fails", "condition") if zh_field == "dead_ends_zh" else ("action", "how", "condition")
    return "\n\n".join("\n".join(str(item.get(k, "")) for k in keys) for item in raw.get(zh_field[:-3], []))


def stamp(raw: dict[str, Any]) -> dict[str, Any]:
    """`translated_from` for every zh field that holds Chinese text: the hash of its English source now."""
    stamped = {f: source_hash(translation_source(raw, f)) for f in ("signature_zh", "root_cause_zh", "dead_ends_zh",
                                                                   "workarounds_zh", "title_zh")
               if _translated(raw.get(f))}
    return stamped


def _translated(value: object) -> bool:
    if isinstance(value, str):
        return has_chinese(value)
    if isinstance(value, list) and value:
        return any(has_chinese(v if isinstance(v, str) else " ".join(str(x) for x in v.values())) for v in value)
    return False
