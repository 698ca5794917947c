"""Apply a failing-rule fixture (tests/fixtures/lint/failing/<CODE>.json) to a copy of the clean base corpus."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

LINT = Path(__file__).parent / "fixtures" / "lint"
BASE = LINT / "base"
CASES = sorted((LINT / "failing").glob("*.json"))


def _walk(data: Any, dotted: str) -> tuple[Any, str | int]:
    *parents, last = dotted.split(".")
    for part in parents:
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data, (int(last) if isinstance(data, list) else last)


def get(data: Any, dotted: str) -> Any:
    parent, key = _walk(data, dotted)
    return parent[key]


def edit(data: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    for dotted, value in change.get("set", {}).items():
        parent, key = _walk(data, dotted)
        parent[key] = value
    for dotted, source in change.get("set_from", {}).items():
        parent, key = _walk(data, dotted)
        parent[key] = get(data, source)
    for dotted in change.get("delete", []):
        parent, key = _walk(data, dotted)
        del parent[key]
    return data


def _write(root: Path, rel: str, data: dict[str, Any]) -> None:
    path = root / f"{rel}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def make_corpus(spec: dict[str, Any], dest: Path) -> Path:
    """dest/entries: the base corpus with the fixture's changes applied. Besides "entries" (set / set_from /
    delete fields), "copy" (one entry copied to another path, with the same set / set_from / delete),
    "copies" (a list of those) and "write" (text files): "replace" ({id: [[old, new], ...]}, raw text edits, for what
    json.dumps cannot write, such as NaN), "write_bytes" (each character is one byte), "write_outside" (files
    beside entries/) and "symlink" ({path in entries/: link target})."""
    root = dest / "entries"
    shutil.copytree(BASE, root)
    for entry_id, change in spec.get("entries", {}).items():
        data = json.loads((root / f"{entry_id}.json").read_text(encoding="utf-8"))
        _write(root, entry_id, edit(data, change))
    for entry_id, edits in spec.get("replace", {}).items():
        path = root / f"{entry_id}.json"
        text = path.read_text(encoding="utf-8")
        for old, new in edits:
            assert old in text, old
            text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
    for rel, text in spec.get("write_bytes", {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(text.encode("latin-1"))
    for rel, text in spec.get("write_outside", {}).items():
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        (dest / rel).write_text(text, encoding="utf-8")
    for rel, target in spec.get("symlink", {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).symlink_to(target)
    for c in ([spec["copy"]] if "copy" in spec else []) + spec.get("copies", []):
        data = json.loads((root / f"{c['from']}.json").read_text(encoding="utf-8"))
        _write(root, c["to"], edit(data, c))
    for rel, text in spec.get("write", {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root
