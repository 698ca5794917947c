"""`mkdocs serve` as contributors use it: one rebuild per edit, and a broken entry shown in the browser (not a
hanging page) until the next save fixes it."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from generator.build.serve import error_page, hand_written_watch_list
from generator.problems import Problem
from tests.sitebuild import make_project_copy

ENTRY = "cuda/stream-capture-invalid-scope"
BUILDING = "Building documentation..."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 60) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def wait_for(what: str, check, timeout: float = 180):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.slow
def test_serve_rebuilds_once_per_edit_and_shows_a_broken_entry_then_recovers(tmp_path: Path,
                                                                              corpus_dir: Path) -> None:
    project = make_project_copy(tmp_path / "project")
    port = free_port()
    log = tmp_path / "serve.log"
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(corpus_dir), NO_MKDOCS_2_WARNING="1")
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}"],
                                cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    page = f"{base}/{ENTRY}/"
    entry = corpus_dir / f"{ENTRY}.json"
    try:
        def up() -> str | None:
            if proc.poll() is not None:
                raise AssertionError(log.read_text(encoding="utf-8"))
            try:
                return get(page, timeout=5)[1]
            except OSError:
                return None
        assert "Move all memory allocations" in wait_for("the first build", up)
        time.sleep(3)  # let anything the first build set off settle
        builds = log.read_text(encoding="utf-8").count(BUILDING)

        # One edit, one rebuild: the generator's own writes into docs/ do not set off another.
        edit(entry, "Move all memory allocations", "Move every memory allocation")
        wait_for("the edit to show", lambda: "Move every memory allocation" in get(page)[1])
        time.sleep(6)  # a second rebuild would start right after the first
        assert log.read_text(encoding="utf-8").count(BUILDING) == builds + 1, log.read_text(encoding="utf-8")

        # A broken entry: the page answers (no hang) with the problems listed.
        edit(entry, '"signature":', '"signature": 42, "signature_was":')
        status, body = wait_for("the error page", lambda: (lambda r: r if "ee-serve-error" in r[1] else None)(
            get(page, timeout=60)))
        assert status == 200
        assert "Preview not updated" in body and "stream-capture-invalid-scope.json" in body and "signature" in body
        assert "livereload" in body  # MkDocs' reload script: the fixed page appears by itself
        zh_status, zh = get(f"{base}/zh/{ENTRY}/", timeout=60)
        assert zh_status == 200 and "预览未更新" in zh
        assert "ERROR" in log.read_text(encoding="utf-8")  # and in the terminal
        assert proc.poll() is None

        # Fixed on the next save: the entry's page again.
        edit(entry, '"signature": 42, "signature_was":', '"signature":')
        body = wait_for("the fixed page", lambda: (lambda b: b if "ee-serve-error" not in b else None)(get(page)[1]))
        assert "Move every memory allocation" in body

        # A catastrophic regex (issue #14): serve answers within 60 s with the regex's coded problem, no hang.
        data = json.loads(entry.read_text(encoding="utf-8"))
        good = dict(data)
        data["regex"], data["samples"] = "(a|aa)+$", ["a" * 40 + "!"]
        entry.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
        started = time.monotonic()
        status, body = wait_for("the regex's error page", lambda: (lambda r: r if "ee-serve-error" in r[1] else None)(
            get(page, timeout=60)), timeout=60)
        assert status == 200 and "regex" in body and re.search(r"E20[0-9]", body), body[:2000]
        assert time.monotonic() - started < 60 and proc.poll() is None
        entry.write_text(json.dumps(good, ensure_ascii=False, indent=2), encoding="utf-8")
        wait_for("the page again", lambda: "ee-serve-error" not in get(page)[1])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_the_generated_part_of_docs_is_not_watched(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for d in ("cuda", "browse", "assets/generated/match-display", "assets/javascripts/matcher", "assets/stylesheets",
              "extra/deeper"):
        (docs / d).mkdir(parents=True)
    watched = {(p.relative_to(tmp_path).as_posix(), r) for p, r in hand_written_watch_list(docs)}
    assert watched == {("docs", False), ("docs/assets", False), ("docs/assets/javascripts", True),
                       ("docs/assets/stylesheets", True), ("docs/extra", True)}


def test_error_page_escapes_what_entries_say() -> None:
    page = error_page([Problem("entries/cuda/x.json", "signature", "<script>alert(1)</script> is not a string")], "en")
    assert "<script>alert" not in page and "&lt;script&gt;" in page and page.count("<li>") == 1
    assert "</body>" in page  # where MkDocs puts its live-reload script


def _served_and_built(tmp_path: Path, entries: Path, *args: str) -> tuple[dict[str, Any], dict[str, bytes],
                                                                         dict[str, bytes]]:
    """benchmarks.serve_rebuild over `entries` (`args`: the entry file and its options) into a served site, then a
    fresh `mkdocs build --strict` of the entries as they are then: (the rebuild's JSON line, the served site's files,
    the built site's files), by path in the site."""
    from generator.paths import ROOT
    project = make_project_copy(tmp_path / "project")
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT),
               EE_BUILD_JOBS="1")
    served = tmp_path / "served"
    proc = subprocess.run([sys.executable, "-m", "benchmarks.serve_rebuild", str(served), *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    fresh = tmp_path / "fresh"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(fresh)], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]

    def files(site: Path) -> dict[str, bytes]:
        return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    return result, files(served), files(fresh)


@pytest.mark.slow
def test_a_rebuild_while_serving_renders_only_what_the_edit_changed_and_writes_a_full_builds_bytes(
        tmp_path: Path, acked_seeds: Path) -> None:
    """generator/build/serve_cache.py: after an edit, the pages whose inputs did not change are written as the earlier
    rebuild wrote them; the site is then byte for byte what a full `mkdocs build` of the edited entries writes."""
    import shutil
    entries = tmp_path / "entries"
    shutil.copytree(acked_seeds, entries)
    result, served, tree = _served_and_built(tmp_path, entries, str(entries / f"{ENTRY}.json"))
    rendered = result["pages_rendered"]
    assert served == tree
    assert "markerincremental" in tree[f"{ENTRY}/index.html"].decode()
    pages = sum(1 for rel in tree if rel.endswith("index.html"))
    # The pages that show the edited text (here the English entry page: the Chinese one shows its own root cause),
    # not every page again.
    assert 1 <= rendered <= 10 < pages, (rendered, pages)
    # Only the English index is made again: the Chinese pages' searchable text did not change (its bundle is kept).
    assert result["languages_indexed"] == 1


@pytest.mark.slow
def test_two_rebuilds_and_a_hand_edit_of_the_served_site_still_write_a_full_builds_bytes(
        tmp_path: Path, acked_seeds: Path) -> None:
    """What serving keeps across rebuilds (generator/build/serve_site.py: kept pages whose files are intact are not
    built again, the i18n plugin's files are copies; generator/build/site.py: files told unchanged by their stat):
    after two edits, with a page of the served site changed by hand before the second rebuild, the served site is byte
    for byte a full build's."""
    import shutil
    entries = tmp_path / "entries"
    shutil.copytree(acked_seeds, entries)
    other = next(p for p in sorted(entries.glob("cuda/*.json")) if p.stem != ENTRY.split("/")[1])
    _, served_tree, tree = _served_and_built(tmp_path, entries, str(entries / f"{ENTRY}.json"), "--again", "--tamper",
                                             f"zh/cuda/{other.stem}/index.html")
    assert sorted(set(served_tree) ^ set(tree)) == []
    assert [k for k in tree if tree[k] != served_tree[k]] == []
    assert "markerincrementalagain" in tree[f"{ENTRY}/index.html"].decode()


def test_every_page_is_rendered_again_when_what_they_share_changes(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from generator.build import serve_cache
    project = tmp_path / "p"
    for folder in ("overrides", "config", "generator/l10n/locales"):
        (project / folder).mkdir(parents=True)
        (project / folder / "x").write_text("1", encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    files = SimpleNamespace(documentation_pages=lambda: [SimpleNamespace(src_uri="a.md")])
    config = SimpleNamespace(site_url="https://x/", config_file_path=str(project / "mkdocs.yml"),
                             theme=SimpleNamespace(custom_dir=str(project / "overrides")))
    first = serve_cache.build_key(config, files, "en", project)
    assert serve_cache.build_key(config, files, "en", project) == first
    assert serve_cache.build_key(config, files, "zh", project) != first
    for changed in ("overrides/x", "config/x", "generator/l10n/locales/x", "mkdocs.yml"):
        before = (project / changed).read_text(encoding="utf-8")
        (project / changed).write_text(before + "2", encoding="utf-8")
        assert serve_cache.build_key(config, files, "en", project) != first, changed
        (project / changed).write_text(before, encoding="utf-8")
    more = SimpleNamespace(documentation_pages=lambda: [SimpleNamespace(src_uri=u) for u in ("a.md", "b.md")])
    assert serve_cache.build_key(config, more, "en", project) != first


def test_a_removed_entrys_pages_leave_the_served_site(tmp_path: Path, acked_seeds: Path) -> None:
    """generator/build/serve_site.py: serving keeps the site folder between rebuilds (nothing unchanged is written
    again) and removes what a rebuild no longer produces: after an entry is removed, the served site is byte for byte
    a full build's, without the entry's pages in either language."""
    import shutil
    entries = tmp_path / "entries"
    shutil.copytree(acked_seeds, entries)
    data = json.loads((entries / f"{ENTRY}.json").read_text(encoding="utf-8"))
    extra = "cuda/removed-while-serving"
    data.update(id=extra, signature="Xyzzy removed while serving", regex="Xyzzy removed while serving")
    (entries / f"{extra}.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    _, served_tree, tree = _served_and_built(tmp_path, entries, str(entries / f"{extra}.json"), "--remove")
    assert sorted(set(served_tree) ^ set(tree)) == []
    assert [k for k in tree if tree[k] != served_tree[k]] == []
    assert f"{extra}/index.html" not in tree and f"zh/{extra}/index.html" not in tree
    assert not (tmp_path / "served" / extra).exists()  # nor its folder
