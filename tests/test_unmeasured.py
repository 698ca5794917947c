"""Entries without counted rates: no percentage on the page, workarounds in the order the entry gives them."""
from __future__ import annotations

import json
import re
from pathlib import Path

from generator.markup import md_text
from generator.match import best_workaround
from generator.paths import REFERENCE_FILE
from generator.site import build
from tests.conftest import write_entry
from tests.lintcases import make_corpus


def _unmeasured(root: Path) -> dict:
    data = json.loads((root / "pytorch/cuda-out-of-memory.json").read_text(encoding="utf-8"))
    for key in ("confidence", "fix_success_rate", "first_seen", "last_confirmed"):
        data.pop(key)
    for d in data["dead_ends"]:
        d.pop("fail_rate")
    for w in data["workarounds"]:
        w.pop("success_rate")
    return data


def test_a_page_without_counted_rates_shows_no_percentage(tmp_path: Path) -> None:
    root = make_corpus({}, tmp_path / "c")
    data = _unmeasured(root)
    write_entry(root, data)
    files = build(root, tmp_path / "docs", "https://github.com/example/e", REFERENCE_FILE).files
    for name in ("pytorch/cuda-out-of-memory.md", "pytorch/cuda-out-of-memory.zh.md"):
        page = files[name].decode()
        assert re.search(r"[0-9]%", page) is None, name
    page = files["pytorch/cuda-out-of-memory.md"].decode()
    positions = [page.index(str(md_text(w["action"]))[:40]) for w in data["workarounds"]]
    assert positions == sorted(positions)


def test_best_workaround_is_the_first_listed_when_nothing_was_counted(tmp_path: Path) -> None:
    from generator.load import load_corpus
    root = make_corpus({}, tmp_path / "c")
    write_entry(root, _unmeasured(root))
    entry = next(e for e in load_corpus(root).entries if e.id == "pytorch/cuda-out-of-memory")
    assert best_workaround(entry)[0] == entry.workarounds[0].action
