"""The transition graph: declared edges plus derived inverses, and each entry's neighbourhood."""
from __future__ import annotations

from dataclasses import dataclass

from generator.model import Entry


@dataclass(frozen=True)
class Links:
    leads_to: tuple[str, ...]
    preceded_by: tuple[str, ...]
    confused_with: tuple[str, ...]

    def all(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.leads_to + self.preceded_by + self.confused_with))


def build_graph(entries: list[Entry]) -> dict[str, Links]:
    """For every entry: its links in each direction, declared or implied by another entry.

    If A leads to B, B is preceded by A (and vice versa); 'frequently confused with' is symmetric.
    Edges to ids that do not exist are dropped here (lint reports them).
    """
    known = {e.id for e in entries}
    leads: dict[str, set[str]] = {i: set() for i in known}
    confused: dict[str, set[str]] = {i: set() for i in known}
    for e in entries:
        for t in e.leads_to:
            if t in known and t != e.id:
                leads[e.id].add(t)
        for s in e.preceded_by:
            if s in known and s != e.id:
                leads[s].add(e.id)
        for c in e.confused_with:
            if c in known and c != e.id:
                confused[e.id].add(c)
                confused[c].add(e.id)
    preceded: dict[str, set[str]] = {i: set() for i in known}
    for src, targets in leads.items():
        for t in targets:
            preceded[t].add(src)
    return {
        i: Links(tuple(sorted(leads[i])), tuple(sorted(preceded[i])),
                 tuple(sorted(confused[i] - leads[i] - preceded[i])))
        for i in sorted(known)
    }


def mermaid(entry_id: str, links: Links, node_ids: dict[str, str]) -> str:
    """Mermaid source for one entry's neighbourhood. Labels are ids only (safe charset by schema)."""
    def node(i: str) -> str:
        return f'{node_ids[i]}["{i}"]'

    lines = ["graph LR", f"  {node(entry_id)}", f"  class {node_ids[entry_id]} current"]
    for p in links.preceded_by:
        lines.append(f"  {node(p)} --> {node_ids[entry_id]}")
    for t in links.leads_to:
        lines.append(f"  {node_ids[entry_id]} --> {node(t)}")
    for c in links.confused_with:
        lines.append(f"  {node_ids[entry_id]} -.- {node(c)}")
    lines.append("  classDef current stroke-width:3px")
    return "\n".join(lines)
