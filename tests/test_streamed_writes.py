"""The generator writes each file as it is rendered, so the site is never all in memory (generator/build/site.py
render_files, FileWriter), and a failure part-way leaves docs/ as the last build left it."""
from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from generator.build import site
from generator.paths import ENTRIES_DIR, REFERENCE_FILE

REPO = "https://github.com/example/encyclopedia"


def _tree(docs: Path) -> dict[str, tuple[bytes, int]]:
    return {p.relative_to(docs).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(docs.rglob("*")) if p.is_file()}


def test_entry_pages_are_written_batch_by_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With batches of 40 entries, each batch's pages are on disk before the next batch is rendered."""
    monkeypatch.setattr(site, "ENTRY_BATCH", 40)
    docs = tmp_path / "docs"
    on_disk: list[int] = []
    real = site.fork_map

    def counting(fn: Callable[[Any], Any], items: Sequence[Any], *args: Any, **kwargs: Any) -> list[Any]:
        on_disk.append(sum(1 for _ in docs.rglob("*.md")) if docs.exists() else 0)
        return real(fn, items, *args, **kwargs)

    monkeypatch.setattr(site, "fork_map", counting)
    result = site.build(ENTRIES_DIR, docs, REPO, REFERENCE_FILE)
    entries = len(list(ENTRIES_DIR.glob("*/*.json")))
    batches = -(-entries // 40)
    assert entries > 200 and batches >= 6
    entry_calls = on_disk[:batches]  # then the reproduction folders' batches
    # Before batch k, the 2 pages (en, zh) of each entry of the batches before it are written, and nothing else.
    assert entry_calls == [2 * min(40 * k, entries) for k in range(batches)]
    assert len(result.files) > on_disk[-1] > entry_calls[-1]
    # The same files as a build rendering all entries at once.
    monkeypatch.setattr(site, "ENTRY_BATCH", 10_000)
    whole = site.build(ENTRIES_DIR, tmp_path / "whole", REPO, REFERENCE_FILE)
    assert dict(whole.files) == dict(result.files)


def test_a_failure_part_way_leaves_docs_as_they_were(tmp_path: Path, acked_seeds: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    entries = tmp_path / "entries"
    shutil.copytree(acked_seeds, entries)
    docs = tmp_path / "docs"
    site.build(entries, docs, REPO, REFERENCE_FILE)
    before = _tree(docs)
    # An edited entry (its pages change) and a new one (new pages): both written before the failure.
    one = next(entries.glob("cuda/*.json"))
    data = json.loads(one.read_text(encoding="utf-8"))
    data["root_cause"] += " Edited."
    one.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    data["id"] = f"cuda/{one.stem}-copy"
    data["regex"] = "edited-copy-only"
    data["samples"] = ["edited-copy-only"]
    data["signature"] = "edited-copy-only"
    data["error_code"] = None
    (entries / f"{data['id']}.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    written: list[str] = []
    real_add = site.FileWriter.add

    def add(self: site.FileWriter, rel: str, content: bytes, key: bytes | None = None) -> None:
        real_add(self, rel, content, key)
        written.append(rel)

    def fail(*args: Any, **kwargs: Any) -> Iterator[tuple[str, str]]:  # the JSON API comes after every page
        raise RuntimeError("failed part-way")
        yield

    monkeypatch.setattr(site.FileWriter, "add", add)
    monkeypatch.setattr(site, "api_files", fail)
    with pytest.raises(RuntimeError, match="failed part-way"):
        site.build(entries, docs, REPO, REFERENCE_FILE)
    assert f"{data['id']}.md" in written and f"cuda/{one.stem}.md" in written  # the failure came after them
    assert _tree(docs) == before  # the same files, bytes and modification times: nothing new, no .tmp left
    monkeypatch.undo()
    site.build(entries, docs, REPO, REFERENCE_FILE)
    assert b"Edited." in (docs / f"cuda/{one.stem}.md").read_bytes() and (docs / f"{data['id']}.md").exists()
