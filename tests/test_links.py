"""Links out of the site (issue #11): one repository setting behind every repository link, the reproduction folders
published on the site itself, and a JSON API that links each entry to its pages with absolute addresses."""
from __future__ import annotations

import json
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator.build import site
from generator.config import site_settings
from generator.paths import ENTRIES_DIR, REFERENCE_FILE, ROOT
from generator.render.repro import raw_name
from tests.sitebuild import build_site

DEFAULT = site_settings({}).repository
FORK = "https://github.com/someone-else/fork-of-encyclopedia"


# ---- one repository setting ----

def test_the_repository_is_named_in_config_only() -> None:
    """No file but config/site.yml names the repository: the generator, the theme overrides, hand-written pages,
    articles, the workflows and templates all derive their links from the setting."""
    places = [ROOT / "mkdocs.yml", ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "generator").rglob("*.py"),
              *(ROOT / "generator" / "render" / "templates").rglob("*"),
              *(ROOT / "generator" / "l10n" / "locales").rglob("*"),
              *(ROOT / "overrides").rglob("*"), *(ROOT / ".github").rglob("*.y*ml"), *(ROOT / ".github").rglob("*.md"),
              *(ROOT / "docs").glob("*.md"), *ENTRIES_DIR.rglob("*.md"), *ENTRIES_DIR.rglob("*.json")]
    owner = "github.com/" + DEFAULT.removeprefix("https://github.com/").split("/")[0]
    named = [str(p.relative_to(ROOT)) for p in places if p.is_file() and owner in p.read_text(encoding="utf-8")]
    assert named == [] and DEFAULT in (ROOT / "config" / "site.yml").read_text(encoding="utf-8")


def test_repository_url_overrides_the_setting() -> None:
    assert site_settings({"REPOSITORY_URL": FORK + "/"}).repository == FORK
    assert site_settings({}).repository == DEFAULT


@pytest.fixture(scope="module")
def fork_site(tmp_path_factory: pytest.TempPathFactory, acked_seeds: Path) -> Path:
    """The seeds, one of them with a reproduction folder (a hostile file among its files), built with the
    repository setting changed in config/site.yml, nothing else."""
    work = tmp_path_factory.mktemp("fork-site")
    entries = work / "entries"
    shutil.copytree(acked_seeds, entries)
    folder = entries / "cuda" / "cuda-error-driver-unloading.repro"
    folder.mkdir()
    (folder / "repro.py").write_text("print('driver shutting down')\n", encoding="utf-8")
    (folder / "output.txt").write_text("cudaErrorCudartUnloading: driver shutting down\nexit code: 1\n",
                                       encoding="utf-8")
    (folder / "evil.sh").write_text("echo ok\n````\n</code></pre><script>alert(1)</script>\n```\n", encoding="utf-8")
    (folder / "blob.bin").write_bytes(b"\x00\x01binary")

    def fork(project: Path) -> None:
        conf = project / "config" / "site.yml"
        conf.write_text(conf.read_text(encoding="utf-8").replace(DEFAULT, FORK), encoding="utf-8")
    out, proc = build_site(entries, work, prepare=fork)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stderr[-3000:]
    return out


@pytest.mark.slow
def test_changing_the_setting_changes_every_repository_link(fork_site: Path) -> None:
    pages = sorted(fork_site.rglob("*.html"))
    old = [str(p.relative_to(fork_site)) for p in pages if DEFAULT in p.read_text(encoding="utf-8")]
    assert old == []
    to_fork = re.compile(rf'href="{re.escape(FORK)}/([^"]*)"')
    links = {str(p.relative_to(fork_site)): to_fork.findall(p.read_text(encoding="utf-8")) for p in pages}
    entry = "blob/main/entries/cuda/cuda-error-driver-unloading.json"
    for lang in ("", "zh/"):
        assert entry in links[f"{lang}cuda/cuda-error-driver-unloading/index.html"]  # JSON source
        assert entry.replace("blob/", "edit/", 1) in links[f"{lang}cuda/cuda-error-driver-unloading/index.html"]
        assert "blob/main/generator/load/schema/entry.schema.json" in links[f"{lang}contributing/index.html"]
        assert "tree/main/entries/cuda/cuda-error-driver-unloading.repro" in links[
            f"{lang}repro/cuda/cuda-error-driver-unloading/index.html"]


# ---- reproduction folders on the site ----

@pytest.mark.slow
def test_stored_files_are_published_as_text_and_shown_escaped(fork_site: Path) -> None:
    base = fork_site / "repro" / "cuda" / "cuda-error-driver-unloading"
    for name in ("repro.py", "output.txt", "evil.sh"):
        assert (base / raw_name(name)).is_file(), name
    assert (base / "evil-sh.txt").read_text(encoding="utf-8").endswith("<script>alert(1)</script>\n```\n")
    assert not (base / raw_name("blob.bin")).exists()
    for lang in ("", "zh/"):
        page = (fork_site / lang / "repro" / "cuda" / "cuda-error-driver-unloading" / "index.html").read_text(
            encoding="utf-8")
        assert "<script>alert" not in page and "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert" in page
        assert 'id="file-evil-sh"' in page and 'id="file-blob-bin"' in page  # listed, not shown
        raw = re.search(r'href="([^"]*evil-sh\.txt)"', page)
        assert raw and (fork_site / lang / "repro" / "cuda" / "cuda-error-driver-unloading" / raw.group(1)).resolve() \
            == (base / "evil-sh.txt").resolve()


def test_every_stored_file_of_the_real_entries_is_published(real_docs: Mapping[str, bytes]) -> None:
    """Every file in entries/**/<slug>.repro/ has its plain-text copy, byte for byte, and a section on its folder's page
    in both languages; the pages' 'tested on GPU' and reproduction lines link there, not to the repository."""
    files = real_docs
    stored = sorted(p for p in ENTRIES_DIR.rglob("*") if p.is_file() and p.parent.name.endswith(".repro"))
    assert len(stored) > 300
    for path in stored:
        owner = path.parent.relative_to(ENTRIES_DIR).as_posix().removesuffix(".repro")
        assert files[f"repro/{owner}/{raw_name(path.name)}"] == path.read_bytes(), path
        anchor = "file-" + re.sub(r"[^a-z0-9_-]", "-", path.name.lower())
        for page in (f"repro/{owner}/index.md", f"repro/{owner}/index.zh.md"):
            assert f'<h2 id="{anchor}">' in files[page].decode(), (page, path.name)
    linked = 0
    for rel, data in files.items():
        if rel.endswith(".md") and not rel.startswith(("repro/", "browse/", "api/")):
            text = data.decode()
            assert not re.search(r"/blob/[^\s\"]*\.repro/", text), rel  # no repository link to a stored file
            linked += len(re.findall(r"\]\((?:\.\./)+repro/[^)]*index(?:\.zh)?\.md#file-", text))  # Markdown
            linked += len(re.findall(r'href="(?:\.\./)+repro/[^"]*/#file-', text))  # entry pages (HTML)
    assert linked > 100


# ---- the JSON API ----

def test_api_index_links_each_entry_to_its_pages_with_absolute_urls(tmp_path: Path, acked_seeds: Path) -> None:
    sub = "https://example.org/sub/"
    files = site.build(acked_seeds, tmp_path / "docs", "https://github.com/example/e", REFERENCE_FILE,
                       site_url=sub).files
    index = json.loads(files["api/v1/index.json"])
    assert index["count"] == len(index["entries"]) == 4
    for e in index["entries"]:
        assert e["url"] == f"{sub}api/v1/{e['id']}.json" and f"api/v1/{e['id']}.json" in files
        assert e["html"] == {"en": f"{sub}{e['id']}/", "zh": f"{sub}zh/{e['id']}/"}
        assert json.loads(files[f"api/v1/{e['id']}.json"])["derived"]["url"] == e["html"]
