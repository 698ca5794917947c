"""`new`: a new entry with every field and FILL IN placeholders; `stamp`: record what translations were made from."""
from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

from generator.l10n.translation import stamp
from generator.lint.checks import PLACEHOLDER
from generator.load.corpus import path_problems
from generator.load.registry import register, registry_path

# Fields that only make sense later (a reproduction run, retirement, a parent error-code entry), dates that need a
# source (first_seen) or a stored run (last_confirmed), and the legacy typed rates and count (never shown; a count
# comes from `evidence`), and `sticky`, a fact that needs NVIDIA's description or a stored run (lint W707 asks for it
# on CUDA error pages), and `incidental`, which only a few harmless or teardown log lines carry: left out.
OMITTED = frozenset({"reproduction", "replaced_by", "belongs_to", "title", "title_zh", "first_seen", "last_confirmed",
                     "confidence", "fix_success_rate", "evidence_count", "sticky", "incidental"})
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*$")
F = PLACEHOLDER


def template(entry_id: str, today: dt.date) -> dict[str, Any]:
    """Every field of the schema, in the order the page shows them. Placeholders pass the schema (so validate lists
    them all at once, each as E006) but never lint."""
    domain = entry_id.split("/")[0]
    day = today.isoformat()
    return {
        "id": entry_id,
        "signature": f"{F}: the error message exactly as printed",
        "signature_zh": f"{F}: 错误消息的中文说明（消息原文、错误码、API 名保持英文）",
        "regex": f"{F}: a pattern that finds this message in a pasted log",
        "regex_flags": "",
        "samples": [f"{F}: a real log line that the regex must match"],
        "near_misses": [],
        "overlaps": [],
        "domain": domain,
        "category": "runtime_error",
        "subcategory": None,
        "root_cause": f"{F}: what really causes this error, in a few sentences",
        "root_cause_zh": f"{F}: 根本原因的中文翻译",
        "root_cause_type": "generic",
        "versions": [{"version": "CUDA 13.0", "status": "active", "introduced": None, "deprecated": None,
                      "removed": None, "behavior_change": None}],
        "os_specific": {},
        "dead_ends": [{"action": f"{F}: something people try that does not help",
                       "why_fails": f"{F}: why it does not help", "condition": "", "sources": []}],
        "dead_ends_zh": [{"action": f"{F}: 无效尝试的中文翻译", "why_fails": f"{F}: 为什么无效"}],
        "workarounds": [{"action": f"{F}: what fixes it",
                         "how": f"{F}: steps or code, only where they add to the action (or delete this field)",
                         "condition": "", "sources": []}],
        "workarounds_zh": [{"action": f"{F}: 解决办法的中文翻译", "how": f"{F}: 步骤的中文翻译（或删除此字段）"}],
        "transition_graph": {"leads_to": [], "preceded_by": [], "frequently_confused_with": []},
        "official_doc_url": f"https://{F.lower().replace(' ', '-')}.invalid/official-documentation-page",
        "official_doc_section": None,
        "error_code": f"{F}: cudaErrorName (123), or null" if domain == "cuda" else None,
        "verification_tier": "ai_generated",
        "resolvable": "partial",
        "last_updated": day,
        "tags": [],
        "locale": "en",
        "aliases": [],
        "corrections": [],
        "acknowledged": [],
        "translated_from": {},
    }


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def new_entry(entries_dir: Path, entry_id: str, today: dt.date | None = None) -> Path:
    """Write entries/<id>.json; ValueError for a bad id or an existing file (never overwrites)."""
    if not _ID.match(entry_id):
        raise ValueError(f"'{entry_id}' is not <domain>/<slug> in lowercase letters, digits and single hyphens")
    refused = path_problems(tuple(entry_id.split("/")), f"entries/{entry_id}.json", entry=True)
    if refused:  # a reserved name (E004) or a folder that is not a domain (E008): validate would reject the file
        raise ValueError(f"'{entry_id}': {refused[0].code} {refused[0].message}")
    path = entries_dir / f"{entry_id}.json"
    if path.exists():
        raise ValueError(f"{path} already exists; edit it instead (ids are never reused)")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as fh:  # "x": a file that appeared meanwhile is not overwritten either
        fh.write(dump(template(entry_id, today or dt.date.today())))
    if (ids := registry_path(entries_dir)).exists():  # the registry of published ids (generator/load/registry.py)
        register(ids, [entry_id])
    return path


def stamp_file(path: Path) -> bool:
    """Set `translated_from` to the hashes of the current English text; True if the file changed."""
    data = json.loads(path.read_text(encoding="utf-8"))
    hashes = stamp(data)
    if data.get("translated_from", {}) == hashes:
        return False
    data["translated_from"] = hashes
    path.write_text(dump(data), encoding="utf-8")
    return True
