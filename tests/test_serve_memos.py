"""What `mkdocs serve` remembers between rebuilds to make one edit's rebuild short (issue 12), each checked against
doing the work again: the generator's writes told by stat and digest, the regex gate kept while no regex or text it
reads changed, an entry digested once per Entry, the i18n plugin's files copied, the site's pages walked with
strings, and the collector held until the build ends."""
from __future__ import annotations

import dataclasses
import gc
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from generator.build import search_index, serve, serve_site, site
from generator.load.corpus import load_corpus
from generator.memo import _ENTRY_DIGESTS, digest, entry_digest
from generator.regex_dialect import regex_gate


@pytest.fixture
def serving_patches(monkeypatch: pytest.MonkeyPatch) -> None:
    """serve_site.install() for one test: MkDocs' and the i18n plugin's helpers are put back after it."""
    from mkdocs import utils
    from mkdocs.commands import build
    from mkdocs_static_i18n import reconfigure, suffix
    for module, name in ((utils, "clean_directory"), (utils, "write_file"), (utils, "copy_file"),
                         (build, "_build_page"), (suffix, "create_i18n_file"), (build, "get_files"),
                         (reconfigure, "is_relative_to")):
        monkeypatch.setattr(module, name, getattr(module, name))
    serve_site.install()


def _write(docs: Path, files: dict[str, bytes]) -> site.BuildResult:
    writer = site.FileWriter(docs, incremental=True)
    for rel, data in files.items():
        writer.add(rel, data)
    return writer.finish()


def test_an_incremental_writer_tells_unchanged_files_without_reading_them_and_restores_a_hand_edit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs = tmp_path / "docs"
    files = {"cuda/a.md": b"a", "cuda/b.md": b"b", "api/v1/c.json": b"{}"}
    first = _write(docs, files)
    assert sorted(first.written) == sorted(files)
    (docs / "cuda/b.md").write_bytes(b"edited by hand")
    read: list[str] = []
    real_read = Path.read_bytes

    def reading(self: Path) -> bytes:
        read.append(self.name)
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", reading)
    second = _write(docs, files)
    assert read == ["b.md"]  # its stat changed: compared again, and written back
    assert second.written == ["cuda/b.md"] and second.unchanged == 2
    assert (docs / "cuda/b.md").read_bytes() == b"b"
    changed = dict(files, **{"cuda/a.md": b"a2"})
    read.clear()
    third = _write(docs, changed)
    assert third.written == ["cuda/a.md"] and read == ["a.md"]
    assert (docs / "cuda/a.md").read_bytes() == b"a2"


def test_an_incremental_writer_removes_what_the_last_build_wrote_without_walking_the_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs = tmp_path / "docs"
    _write(docs, {"cuda/a.md": b"a", "cuda/gone/x.md": b"x"})

    def no_walk(self: Path, pattern: str) -> Any:
        raise AssertionError("walked the owned folders")

    monkeypatch.setattr(Path, "rglob", no_walk)
    result = _write(docs, {"cuda/a.md": b"a"})
    assert result.removed == ["cuda/gone/x.md"]
    assert not (docs / "cuda/gone").exists() and (docs / "cuda/a.md").exists()
    monkeypatch.undo()
    assert sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file()) == sorted([
        "cuda/a.md", site.MANIFEST])


def test_a_cold_writer_forgets_what_an_incremental_one_remembered(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    _write(docs, {"cuda/a.md": b"a"})
    site.write_files(docs, {"cuda/a.md": b"a"})
    assert docs.resolve() not in site._ON_DISK and docs.resolve() not in site._LAST_NAMES


def test_the_regex_gate_runs_again_only_when_what_it_reads_changed(corpus_dir: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    entries = load_corpus(corpus_dir).entries
    runs: list[int] = []
    real = regex_gate.check_regexes

    def counting(found: list[Any], *args: Any, **kwargs: Any) -> Any:
        runs.append(len(found))
        return real(found, *args, **kwargs)

    monkeypatch.setattr(regex_gate, "check_regexes", counting)
    first = regex_gate.regex_problems(entries, incremental=True)
    prose = [dataclasses.replace(e, root_cause=e.root_cause + " More.", raw={**e.raw, "root_cause": "x"})
             if i == 0 else e for i, e in enumerate(entries)]
    assert regex_gate.regex_problems(prose, incremental=True) == first
    assert len(runs) == 1
    bad = [dataclasses.replace(e, regex="(a|a)*b") if i == 0 else e for i, e in enumerate(entries)]
    assert regex_gate.regex_problems(bad, incremental=True) != first
    assert len(runs) == 2
    regex_gate.regex_problems(bad)  # a cold run runs, and forgets
    assert len(runs) == 3 and not regex_gate._GATE_FOUND


def test_an_entry_is_digested_once_and_forgotten_with_it(corpus_dir: Path) -> None:
    entry = load_corpus(corpus_dir).entries[0]
    assert entry_digest(entry) == digest(entry.path, entry.raw)
    key = id(entry)
    assert key in _ENTRY_DIGESTS
    del entry
    gc.collect()
    assert key not in _ENTRY_DIGESTS


def test_the_i18n_plugins_file_is_copied_with_alternates_of_its_own(tmp_path: Path, serving_patches: None) -> None:
    from mkdocs.structure.files import File
    from mkdocs_static_i18n import suffix

    config = SimpleNamespace(docs_dir=str(tmp_path / "docs"), site_dir=str(tmp_path / "site"), use_directory_urls=True)
    made = []
    for _ in range(2):
        file = File("cuda/a.zh.md", config.docs_dir, config.site_dir, True)
        made.append(suffix.create_i18n_file(file, "zh", "en", ["en", "zh"], config))
    direct = serve_site._original["i18n_file"](File("cuda/a.zh.md", config.docs_dir, config.site_dir, True), "zh",
                                                "en", ["en", "zh"], config)
    first, second = made
    assert first is not second and second.alternates == {"zh": second} and first.alternates == {"zh": first}
    for f in made:
        assert (f.dest_path, f.url, f.abs_dest_path, f.locale, f.localization, f.norm_src_uri, f.name) == (
            direct.dest_path, direct.url, direct.abs_dest_path, direct.locale, direct.localization,
            direct.norm_src_uri, direct.name)
    assert second.url == "zh/cuda/a/"


def test_the_sites_pages_are_listed_in_the_order_of_their_paths_parts(tmp_path: Path) -> None:
    site_dir = tmp_path / "site"
    for rel in ("a/b/index.html", "a-c/index.html", "a/index.html", "404.html", ".x/index.html", "pagefind/p.html",
                "zh/a/index.html", "zh/a-b/index.html", "a/b.txt", "é/index.html", "A/index.html"):
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_text("x", encoding="utf-8")
    expected = [p for p in sorted(site_dir.rglob("*.html"))
                if p.relative_to(site_dir).parts[0] not in ("pagefind", "zh", ".x")]
    assert list(search_index.indexed_pages(site_dir, skip=["zh"])) == expected
    zh = site_dir / "zh"
    assert list(search_index.indexed_pages(site_dir, under=zh)) == sorted(zh.rglob("*.html"))


def test_the_collector_is_held_during_a_serve_build_and_settled_after_it() -> None:
    """The build's pages and files are emptied (their cycles go with reference counting), what is alive is frozen,
    and a full pass is made every FULL_PASS_EVERY builds."""
    import weakref

    class Thing:
        pass

    try:
        serve.hold_collection()
        assert not gc.isenabled()
        file, page = Thing(), Thing()
        file.page, page.file = page, file  # type: ignore[attr-defined]
        gone = weakref.ref(page)
        serve.built_files.append([file])
        del page
        serve.settle_objects()
        assert gone() is None and vars(file) == {} and not serve.built_files
        assert gc.isenabled() and gc.get_freeze_count() > 0
        cycle = Thing()
        cycle.me = cycle  # type: ignore[attr-defined]
        frozen_cycle = weakref.ref(cycle)
        gc.freeze()  # as if a build had frozen it while it was alive
        del cycle
        for _ in range(serve.FULL_PASS_EVERY):
            serve.hold_collection()
            serve.settle_objects()
        assert frozen_cycle() is None  # freed by the full pass
    finally:
        gc.unfreeze()
        gc.enable()


def test_a_kept_page_whose_file_is_intact_is_not_built_again(tmp_path: Path, serving_patches: None) -> None:
    built: list[str] = []
    serve_site._original["build_page"], real = (lambda page, config, *a, **k: (
        built.append(page.file.src_uri), Path(page.file.abs_dest_path).write_text(page.out, encoding="utf-8"))), \
        serve_site._original["build_page"]
    try:
        dest = tmp_path / "site" / "a" / "index.html"
        dest.parent.mkdir(parents=True)
        kept = object()

        def page(**attrs: Any) -> Any:
            return SimpleNamespace(file=SimpleNamespace(src_uri="a.md", abs_dest_path=str(dest)), out="kept", **attrs)

        serve_site._build_page(page(ee_written=kept), None)  # rendered and kept
        serve_site._build_page(page(ee_kept=kept), None)  # written from what was kept: its file holds it already
        assert built == ["a.md"]
        os.utime(dest, ns=(1, 1))  # touched (or edited) by hand
        serve_site._build_page(page(ee_kept=kept), None)
        assert built == ["a.md", "a.md"]
        serve_site._build_page(page(ee_kept=object()), None)  # kept again from other inputs
        assert built == ["a.md"] * 3
    finally:
        serve_site._original["build_page"] = real


def _page(*hrefs: str) -> bytes:
    links = "".join(f'<a href="{h}">x</a>' for h in hrefs)
    return f"---\nee_html: true\n---\n<p>{links}</p>\n".encode()


def _links(docs: Path, files: dict[str, bytes]) -> list[str]:
    check = site.LinkCheck(docs, incremental=True)
    for rel, data in files.items():
        check.add(rel, data)
    return check.broken()


def test_an_unchanged_pages_links_are_settled_again_when_a_target_goes(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Serving: the links of a page whose bytes did not change are not read or looked up again while the same files
    are generated; a generated target that goes, or a hand-written one deleted, is still reported."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handwritten-x.md").write_text("x", encoding="utf-8")
    site.LinkCheck(docs)  # a cold check forgets what serving remembered
    files = {"cuda/a.md": _page("../b/", "../../handwritten-x/"), "cuda/b.md": _page("../a/")}
    assert _links(docs, files) == []
    read: list[str] = []
    real = site._page_links
    monkeypatch.setattr(site, "_page_links", lambda path, data: (read.append(path), real(path, data))[1])
    assert _links(docs, files) == [] and read == []
    (docs / "handwritten-x.md").unlink()
    assert _links(docs, files) == ["cuda/a.md: ../../handwritten-x/"] and read == []
    (docs / "handwritten-x.md").write_text("x", encoding="utf-8")
    assert _links(docs, {"cuda/a.md": files["cuda/a.md"]}) == ["cuda/a.md: ../b/"]  # b is no longer generated
    assert read == []
    changed = dict(files, **{"cuda/b.md": _page("../c/")})
    assert _links(docs, changed) == ["cuda/b.md: ../c/"] and read == ["cuda/b.md"]


def test_an_unchanged_reproduction_folder_is_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.render import repro
    folder = tmp_path / "entries" / "cuda" / "x.repro"
    folder.mkdir(parents=True)
    (folder / "repro.py").write_text("print(1)\n", encoding="utf-8")
    first = repro.read_all(tmp_path / "entries", incremental=True)
    read: list[Path] = []
    real = repro.read_folder
    monkeypatch.setattr(repro, "read_folder", lambda f: (read.append(f), real(f))[1])
    again = repro.read_all(tmp_path / "entries", incremental=True)
    assert again["cuda/x"] is first["cuda/x"] and read == []
    assert repro.files_digest(again["cuda/x"]) == digest(first["cuda/x"])
    (folder / "repro.py").write_text("print(2)\n", encoding="utf-8")  # same size
    assert repro.read_all(tmp_path / "entries", incremental=True)["cuda/x"][0].text == "print(2)\n"
    assert read == [folder]


def test_an_entry_file_rewritten_with_as_many_bytes_is_loaded_again(corpus_dir: Path) -> None:
    from generator.load import corpus as loader
    path = sorted(corpus_dir.glob("cuda/*.json"))[0]
    loader.load_corpus(corpus_dir, incremental=True)
    before = loader.ENTRIES_LOADED[0]
    loader.load_corpus(corpus_dir, incremental=True)
    assert loader.ENTRIES_LOADED[0] == before  # nothing changed: nothing loaded
    text = path.read_text(encoding="utf-8")
    i = text.index('"root_cause": "') + len('"root_cause": "')
    path.write_text(text[:i] + ("Z" if text[i] != "Z" else "Y") + text[i + 1:], encoding="utf-8")
    found = loader.load_corpus(corpus_dir, incremental=True)
    assert loader.ENTRIES_LOADED[0] == before + 1
    assert any(e.root_cause[0] in "ZY" for e in found.entries)


def test_the_lists_of_every_entry_are_made_again_only_when_what_they_list_changed(
        corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from generator.paths import REFERENCE_FILE
    from generator.render import indexes
    made: list[str] = []
    real = indexes.tags_page
    monkeypatch.setattr(indexes, "tags_page", lambda s, lang: (made.append(lang), real(s, lang))[1])
    docs = tmp_path / "docs"
    build = lambda: site.build(corpus_dir, docs, "https://example.invalid/repo", REFERENCE_FILE,  # noqa: E731
                               incremental=True)
    build()
    assert sorted(made) == ["en", "zh"]
    path = sorted(corpus_dir.glob("cuda/*.json"))[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["root_cause"] += " Edited."  # not in any list
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    build()
    assert sorted(made) == ["en", "zh"]
    data["tags"] = [*data.get("tags", []), "listed-tag-edit"]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    build()
    assert sorted(made) == ["en", "en", "zh", "zh"]
    assert "listed-tag-edit" in (docs / "browse/tags.md").read_text(encoding="utf-8")
