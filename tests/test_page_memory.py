"""A language's MkDocs build does not hold every generated page's source and content at once: MkDocs reads and renders
every page before it writes the first, so they would all be held until the last is written (10,000 entries: ~1 GB in
each language's process). The hook reads a page written as HTML again when its template is rendered
(generator/mkdocs_edge/hook.py, on_page_context) and lets it go once written."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from tests.sitebuild import build_site

pytestmark = pytest.mark.slow

# A hook added to the project copy, last: what the pages hold once MkDocs has read them all (on_env comes between its
# reading loop and its writing loop), and once every page is written.
PROBE = '''
import json
from pathlib import Path

OUT = Path(__file__).with_name("held.jsonl")


def _held(files, when, config):
    rows = []
    for f in files.documentation_pages():
        page = f.page
        if page is None:
            continue
        rows.append({"when": when, "lang": str(config.theme.get("language")), "page": f.src_uri,
                     "html": bool(page.meta.get("ee_html")), "title": page.title,
                     "held": len(page.markdown or "") + len(page.content or "")})
    with OUT.open("a", encoding="utf-8") as out:
        out.writelines(json.dumps(r) + "\\n" for r in rows)


_files = []


def on_env(env, config, files):
    _files[:] = [files]
    _held(files, "read", config)
    return env


def on_post_build(config):
    if _files:
        _held(_files[0], "written", config)
'''


def _add_probe(project: Path) -> None:
    (project / "generator" / "mkdocs_edge" / "held_probe.py").write_text(PROBE, encoding="utf-8")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    hooks = "  - generator/mkdocs_edge/hook.py\n"
    assert hooks in text
    config.write_text(text.replace(hooks, hooks + "  - generator/mkdocs_edge/held_probe.py\n"), encoding="utf-8")


def test_pages_written_as_html_are_not_held_between_reading_and_writing(tmp_path: Path, acked_seeds: Path) -> None:
    # One process builds both languages (EE_BUILD_JOBS=1): the probe sees each language's pages.
    site, proc = build_site(acked_seeds, tmp_path / "w", {"EE_BUILD_JOBS": "1"}, prepare=_add_probe)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "WARNING" not in proc.stderr, proc.stderr
    rows = [json.loads(line) for line in (tmp_path / "w" / "project" / "generator" / "mkdocs_edge" / "held.jsonl")
            .read_text(encoding="utf-8").splitlines()]
    read = [r for r in rows if r["when"] == "read"]
    assert {r["lang"] for r in read} == {"en", "zh"}
    generated = [r for r in read if r["html"]]
    hand_written = [r for r in read if not r["html"]]
    assert len(generated) > 20 and hand_written  # entry, index and reproduction pages; about, contributing ...
    # The probe sees what a page holds: a hand-written page (Markdown) is held, as MkDocs holds every page.
    assert all(r["held"] > 0 for r in hand_written)
    assert [r["page"] for r in generated if r["held"]] == []
    # Their titles (the navigation, the sitemap) were read before their bodies were let go.
    assert all(r["title"] and r["title"] != r["page"] for r in generated)
    written = [r for r in rows if r["when"] == "written" and r["html"]]
    assert written and [r["page"] for r in written if r["held"]] == []
    # And the pages are whole: each entry page's body was read again and written, in both languages.
    for entry in sorted(acked_seeds.glob("cuda/*.json")):
        data = json.loads(entry.read_text(encoding="utf-8"))
        for prefix, text in (("", data["root_cause"]), ("zh/", data.get("root_cause_zh") or data["root_cause"])):
            page = (site / prefix / "cuda" / entry.stem / "index.html").read_text(encoding="utf-8")
            assert html.escape(text.replace("。", ".").split(".")[0], quote=False) in page, (prefix, entry.stem)


def test_a_body_set_aside_comes_back_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.mkdocs_edge import page_bodies
    bodies = page_bodies.PageBodies(tmp_path / "cache")
    texts = ["<p>a\r\nb\rc\n</p>\n\n", "<p>显存不足\u2028x\x85y</p>", ""]
    paths = [bodies.put(t) for t in texts]
    assert all(p.parent.parent == tmp_path / "cache" for p in paths)  # in the project, not the system's temp folder
    assert [bodies.take(p) for p in paths] == texts
    assert not any(p.exists() for p in paths)  # each taken back once, then gone
    folder = bodies.put("x").parent
    bodies.clear()  # once every page is written, or the build failed
    assert not folder.exists()
    mine = bodies.put("x").parent
    monkeypatch.setattr(page_bodies.os, "getpid", lambda: -1)  # a forked language's process: a folder of its own,
    theirs = bodies.put("y").parent
    assert theirs != mine and mine.is_dir()
    bodies.clear()  # and it removes only its own
    assert mine.is_dir() and not theirs.exists()


def test_bodies_left_behind_by_a_killed_build_are_removed(tmp_path: Path) -> None:
    import subprocess
    import sys

    from generator.mkdocs_edge import page_bodies
    under = tmp_path / "cache"
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                           check=True)
    dead = under / f"page-bodies-{ended.stdout.strip()}-abc"  # a process that has ended (its pid may be reused: rare)
    alive = under / "page-bodies-1-abc"  # pid 1 never ends
    for folder in (dead, alive):
        folder.mkdir(parents=True)
        (folder / "1.html").write_text("x", encoding="utf-8")
    bodies = page_bodies.PageBodies(under)
    mine = bodies.put("y").parent
    assert not dead.exists() and alive.is_dir() and mine.is_dir()
