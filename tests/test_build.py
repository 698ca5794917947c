"""The build as a whole: the same sources give the same bytes on any day (SOURCE_DATE_EPOCH from the sources)."""
from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build.builddate import newest_source_date, set_source_date_epoch, source_date_epoch
from generator.paths import ROOT
from tests.sitebuild import make_project_copy


def tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def build_on_day(entries: Path, work: Path, days: float) -> Path:
    """`mkdocs build --strict` of a project copy with the clock moved by `days` and no SOURCE_DATE_EPOCH."""
    project = make_project_copy(work / "project")
    site = work / "site"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env.update(ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "fakenow.py"), str(days), "build", "--strict", "-d",
                           str(site)], cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "WARNING" not in proc.stderr, proc.stderr
    return site


@pytest.mark.slow
def test_two_builds_on_different_days_are_byte_identical(tmp_path: Path, acked_seeds: Path) -> None:
    today = build_on_day(acked_seeds, tmp_path / "today", 0)
    later = build_on_day(acked_seeds, tmp_path / "later", 400.5)
    a, b = tree(today), tree(later)
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    # The date is the sources' own (this copy is no git checkout: the newest date in the entries).
    newest = newest_source_date(acked_seeds)
    assert newest is not None
    day = dt.datetime.fromtimestamp(newest, dt.UTC).date().isoformat()
    assert set(re.findall(r"<lastmod>([^<]+)</lastmod>", a["sitemap.xml"].decode())) == {day}
    assert int.from_bytes(a["sitemap.xml.gz"][4:8], "little") == newest  # the gzip header's time
    assert gzip.decompress(a["sitemap.xml.gz"]) == a["sitemap.xml"]


def test_date_from_the_last_commit_then_the_entries_then_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entries = tmp_path / "entries"
    (entries / "cuda").mkdir(parents=True)
    (entries / "cuda" / "a.json").write_text('{"first_seen": "2024-01-02", "last_updated": "2025-03-04"}', "utf-8")
    (entries / "cuda" / "b.json").write_text('{"last_confirmed": "2025-13-99", "last_updated": "oops"}', "utf-8")
    (entries / "articles").mkdir()
    (entries / "articles" / "x.md").write_text('---\ntitle: x\ndate: "2025-02-01"\nid: x\n---\nbody\n', "utf-8")
    project = tmp_path / "project"
    project.mkdir()
    assert source_date_epoch(project, entries) == 1741046400  # 2025-03-04T00:00:00Z: no git here
    env = dict(os.environ, GIT_AUTHOR_DATE="2026-05-06T07:08:09Z", GIT_COMMITTER_DATE="2026-05-06T07:08:09Z",
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org")
    for cmd in (["init", "-q"], ["commit", "-q", "--allow-empty", "-m", "x"]):
        subprocess.run(["git", "-C", str(project), *cmd], env=env, check=True, capture_output=True)
    assert source_date_epoch(project, entries) == 1778051289  # the commit's time wins
    assert source_date_epoch(tmp_path / "nowhere", tmp_path / "nothing") == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1234")
    assert set_source_date_epoch(project, entries) == "1234"  # the environment's value is kept
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")
    assert set_source_date_epoch(project, entries) == "1778051289"


# ---- interrupted builds (generator/build/publish.py, what `make build` runs) ----

def publish(project: Path, entries: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1")
    return subprocess.Popen([sys.executable, "-m", "generator.build.publish", "site"], cwd=project, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)


def kill_when(proc: subprocess.Popen[str], marker: str, sig: signal.Signals, group: bool) -> list[str]:
    """Read the build's log until `marker`, then send `sig` (to the whole process group, as a terminal or a CI
    runner does, or to the wrapper only); returns the log read."""
    seen = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if marker in line:
            (os.killpg if group else os.kill)(proc.pid, sig)
            break
    proc.communicate(timeout=120)
    assert any(marker in line for line in seen), "".join(seen)
    return seen


@pytest.mark.slow
def test_a_build_killed_at_any_point_leaves_the_previous_site(tmp_path: Path) -> None:
    # 150 synthetic entries: the build is still running well after each point (the languages build in parallel; on a
    # handful of entries a busy machine could read a point's log line after the build had already finished).
    from benchmarks.corpus import write_corpus
    corpus_dir = write_corpus(tmp_path / "entries", 150)
    project = make_project_copy(tmp_path / "project")
    first = publish(project, corpus_dir)
    assert first.wait(timeout=600) == 0, first.stdout.read() if first.stdout else ""
    site = project / "site"
    before = tree(site)
    assert "index.html" in before and "zh/index.html" in before and "sitemap.xml" in before
    entry = sorted((corpus_dir / "cuda").glob("*.json"))[0]
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["root_cause"] += " (edited)"
    entry.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    points = [("Cleaning site directory", signal.SIGKILL, True),   # MkDocs has just emptied its folder
              ("Building 'zh' documentation", signal.SIGINT, True),  # both languages being written (Ctrl-C)
              ("search: Pagefind index", signal.SIGTERM, False)]  # all written and indexed, not yet swapped in
    for marker, sig, group in points:
        kill_when(publish(project, corpus_dir), marker, sig, group)
        assert tree(site) == before, f"site/ changed after {sig.name} at {marker!r}"
    last = publish(project, corpus_dir)
    assert last.wait(timeout=600) == 0
    after = tree(site)
    assert after != before and "(edited)" in after[f"cuda/{entry.stem}/index.html"].decode()
    assert not (project / ".site.partial").exists() and not (project / ".site.old").exists()


def test_swap_in_is_one_exchange_and_an_interrupted_fallback_is_undone(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.build import publish as pub
    site, new = tmp_path / "site", tmp_path / ".site.partial"
    for folder, text in ((site, "old"), (new, "new")):
        folder.mkdir()
        (folder / "index.html").write_text(text, "utf-8")
    pub.swap_in(new, site)
    assert (site / "index.html").read_text("utf-8") == "new" and not new.exists()
    # Without renameat2, two renames; a run killed between them is put back by the next one.
    monkeypatch.setattr(pub, "_exchange", lambda a, b: False)
    os.rename(site, pub.old_dir(site))
    pub.recover(site)
    assert (site / "index.html").read_text("utf-8") == "new" and not pub.old_dir(site).exists()
    new.mkdir()
    (new / "index.html").write_text("newer", "utf-8")
    pub.swap_in(new, site)
    assert (site / "index.html").read_text("utf-8") == "newer" and not new.exists()


def test_make_build_goes_through_the_swap() -> None:
    recipe = re.search(r"^build:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert recipe and "generator.build.publish" in recipe.group(1) and "mkdocs build" not in recipe.group(1)


# ---- served under a sub-path (a GitHub Pages project site) ----

SUB = "https://example.org/encyclopedia/"
_ATTR = re.compile(r'\s(?:href|src|action|content)="([^"]*)"')


@pytest.mark.slow
def test_served_under_a_sub_path_no_link_escapes_it(tmp_path: Path, acked_seeds: Path) -> None:
    from tests.sitebuild import build_site
    site, proc = build_site(acked_seeds, tmp_path, {"SITE_URL": SUB})
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stderr[-3000:]
    bad: list[str] = []
    rooted = 0
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for url in _ATTR.findall(text):
            if url.startswith("/") and not url.startswith("//"):
                rooted += 1
                target = site / url.split("#")[0].split("?")[0].removeprefix("/encyclopedia/")
                if not url.startswith("/encyclopedia/") or not (target.is_file() or (target / "index.html").is_file()):
                    bad.append(f"{page.relative_to(site)}: {url}")
            elif url.startswith("http") and "example.org" in url and not url.startswith(SUB):
                bad.append(f"{page.relative_to(site)}: {url}")
        for base in re.findall(r'"base":\s*"([^"]*)"', text):
            if base.startswith("/") and not base.startswith("/encyclopedia/"):
                bad.append(f"{page.relative_to(site)}: base {base}")
        canonical = re.search(r'<link rel="canonical" href="([^"]*)"', text)
        if canonical and not canonical.group(1).startswith(SUB):
            bad.append(f"{page.relative_to(site)}: canonical {canonical.group(1)}")
    assert not bad, bad[:20]
    not_found = (site / "404.html").read_text(encoding="utf-8")
    assert len([u for u in _ATTR.findall(not_found) if u.startswith("/encyclopedia/")]) >= 19  # served from any depth
    assert rooted >= 19
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    urls = re.findall(r'<loc>([^<]*)</loc>', sitemap) + re.findall(r'hreflang="[^"]*" href="([^"]*)"', sitemap)
    assert urls and all(u.startswith(SUB) for u in urls)
    api = json.loads((site / "api/v1/index.json").read_text(encoding="utf-8"))
    for e in api["entries"]:  # absolute addresses under the sub-path: the JSON's and each language's page
        assert e["url"] == f"{SUB}api/v1/{e['id']}.json" and (site / e["url"].removeprefix(SUB)).is_file()
        pages = {"en": f"{SUB}{e['id']}/", "zh": f"{SUB}zh/{e['id']}/"}
        assert e["html"] == pages and all((site / u.removeprefix(SUB) / "index.html").is_file() for u in pages.values())
        doc = json.loads((site / e["url"].removeprefix(SUB)).read_text(encoding="utf-8"))
        assert doc["derived"]["url"] == pages


def test_cli_urls_follow_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.match.cli import site_url
    monkeypatch.delenv("SITE_URL", raising=False)
    assert site_url() == "https://cuda-error-encyclopedia.github.io/"  # config/site.yml
    monkeypatch.setenv("SITE_URL", "https://example.org/encyclopedia")
    assert site_url() == SUB
