"""The id registry (config/ids.txt): every entry id the site has ever published, never shrinking.

An id is a URL (`/<id>/`, `/<lang>/<id>/`, `/api/v1/<id>.json`) that search engines, forum answers and bookmarks keep.
So an id never disappears: an entry that is renamed or merged into another leaves a line `old -> new`, and the
site keeps a page at the old URL, in both languages, that sends the reader to the new one. The checks (E020–E023)
make a deleted or renamed file fail `validate` until its id is redirected.

Format, one item per line (`#` starts a comment):
    cuda/illegal-address                 an id with an entry
    cuda/old-name -> cuda/new-name       an id that moved: no entry has it any more
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.problems import Problem

_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*"
_LINE = re.compile(rf"^(?P<id>{_ID})(?:\s*->\s*(?P<to>{_ID}))?$")
HEADER = ("# Every entry id the site has published (its URL). Never delete a line: a renamed or merged entry's id\n"
          "# stays as `old -> new`, and the old URL then points readers to the new page "
          "(generator/load/registry.py).\n")


@dataclass
class Registry:
    path: Path
    name: str = ""  # how problems name the file ("config/ids.txt"); the path when empty
    ids: list[str] = field(default_factory=list)  # in file order, redirected ones included
    redirects: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def registry_path(entries_dir: Path) -> Path:
    """config/ids.txt beside entries/: a corpus copied without it (a test fixture) is not checked."""
    return entries_dir.parent / "config" / "ids.txt"


def load_registry(path: Path, name: str = "") -> Registry:
    reg = Registry(path, name or str(path))
    seen: set[str] = set()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reg.problems.append(Problem(reg.name, "", f"cannot read the id registry: {err}", code="E023"))
        return reg
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if not m:
            reg.problems.append(Problem(reg.name, f"line {n}", f"not `<domain>/<slug>` or `<old id> -> <new id>`: "
                                        f"{line[:80]!r}", code="E023", line=n))
            continue
        if m["id"] in seen:
            reg.problems.append(Problem(reg.name, f"line {n}", f"{m['id']} is listed twice", code="E023", line=n))
            continue
        seen.add(m["id"])
        reg.ids.append(m["id"])
        if m["to"]:
            reg.redirects[m["id"]] = m["to"]
    return reg


def registry_problems(reg: Registry, entry_ids: set[str], entry_files: dict[str, str]) -> list[Problem]:
    """Every published id still resolves; every entry is registered; redirects land on an entry in one step."""
    out = list(reg.problems)
    where = reg.name or str(reg.path)
    listed = set(reg.ids)
    for eid in sorted(entry_ids - listed):
        out.append(Problem(entry_files.get(eid, eid), "id", f"{eid} is not in config/ids.txt: add the line `{eid}` "
                           "(`python -m generator new` does it; the registry is how the site keeps every URL it "
                           "published)", code="E020"))
    for eid in reg.ids:
        to = reg.redirects.get(eid)
        if to is None and eid not in entry_ids:
            out.append(Problem(where, eid, f"{eid} was published but no entry has it any more: restore the file, or "
                               f"add `{eid} -> <the id that replaces it>` so its URL keeps working", code="E021"))
        elif to is not None and eid in entry_ids:
            out.append(Problem(where, eid, f"{eid} redirects to {to} but an entry still has the id: remove one of "
                               "the two", code="E022"))
        elif to is not None and to not in entry_ids:
            why = f"{to} redirects again (point to the final id)" if to in reg.redirects else f"{to} has no entry"
            out.append(Problem(where, eid, f"{eid} -> {to}: {why}", code="E022"))
    return out


def register(path: Path, new_ids: list[str]) -> list[str]:
    """Append ids that are not listed yet (sorted among the plain ids, redirects kept as they are); returns what
    was added. Creates the file with its header when missing."""
    reg = load_registry(path) if path.exists() else Registry(path)
    added = sorted(set(new_ids) - set(reg.ids))
    if not added:
        return []
    plain = sorted({*(i for i in reg.ids if i not in reg.redirects), *added})
    moved = [f"{old} -> {new}" for old, new in sorted(reg.redirects.items())]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + "\n".join(plain + moved) + "\n", encoding="utf-8")
    return added
