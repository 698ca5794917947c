"""The files every language shares bypass the i18n plugin (generator/build/shared_files.py): which files they are, that
each is in the site once with its bytes, and that only the default language's build copies them."""
from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File, Files

from generator.build import shared_files
from generator.l10n.i18n import LANGS


def _files(docs: Path, names: list[str], elsewhere: Path) -> Files:
    out = []
    for name in names:
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(name, encoding="utf-8")
        out.append(File(name, str(docs), str(docs.parent / "site"), use_directory_urls=True))
    (elsewhere / "theme.js").write_text("x", encoding="utf-8")
    out.append(File("theme.js", str(elsewhere), str(docs.parent / "site"), use_directory_urls=True))
    return Files(out)


NAMES = ["index.md", "index.zh.md", "cuda/x.md", "repro/cuda/x/output.txt", "api/v1/cuda/x.json",
         "assets/img.png", "assets/img.zh.png", "assets/only.zh.svg", "assets/generated/match-index.json"]


def test_shared_files_are_neither_pages_nor_localized_nor_have_a_localized_variant(tmp_path: Path) -> None:
    docs, theme = tmp_path / "docs", tmp_path / "theme"
    theme.mkdir()
    files = _files(docs, NAMES, theme)
    found = {f.src_uri for f in shared_files.shared(files, str(docs))}
    assert found == {"repro/cuda/x/output.txt", "api/v1/cuda/x.json", "assets/generated/match-index.json"}
    assert "zh" in LANGS  # the suffix above is a configured language's


def test_the_default_languages_build_copies_them_and_no_other_does(tmp_path: Path) -> None:
    docs, theme = tmp_path / "docs", tmp_path / "theme"
    theme.mkdir()
    for default_language_build in (False, True):
        files = _files(docs, NAMES, theme)
        shared_files.take(files, str(docs))
        assert "repro/cuda/x/output.txt" not in files.src_uris and "index.md" in files.src_uris
        shared_files.put_back(files, default_language_build)
        assert "repro/cuda/x/output.txt" in files.src_uris and not shared_files.taken
        files.copy_static_files()
        copied = (tmp_path / "site" / "repro/cuda/x/output.txt").exists()
        assert copied == default_language_build


def test_every_shared_file_is_in_the_site_once_with_its_bytes(seed_site: Path) -> None:
    docs = seed_site.parent / "project" / "docs"
    shared = [p for p in docs.rglob("*") if p.is_file() and p.suffix != ".md" and not p.name.startswith(".")
              and not any(f".{lang}." in p.name for lang in LANGS)]
    assert len(shared) >= 10 and any(p.relative_to(docs).parts[0] == "api" for p in shared)
    for path in shared:
        rel = path.relative_to(docs)
        assert (seed_site / rel).read_bytes() == path.read_bytes(), rel
        assert not (seed_site / "zh" / rel).exists(), rel


def test_a_build_links_the_generated_files_and_copies_the_hand_written_ones(tmp_path: Path) -> None:
    from generator.build.site import write_files
    docs, theme, site = tmp_path / "docs", tmp_path / "theme", tmp_path / "site"
    theme.mkdir()
    names = ["api/v1/cuda/x.json", "repro/cuda/x/output.txt", "assets/logo.svg"]
    files = _files(docs, names, theme)
    shared_files.take(files, str(docs))
    shared_files.put_back(files, default_language_build=True, link=True)
    files.copy_static_files()
    for name in names:
        assert (site / name).read_bytes() == (docs / name).read_bytes()
    assert (site / "api/v1/cuda/x.json").samefile(docs / "api/v1/cuda/x.json")
    assert (site / "repro/cuda/x/output.txt").samefile(docs / "repro/cuda/x/output.txt")
    assert not (site / "assets/logo.svg").samefile(docs / "assets/logo.svg")  # a contributor edits it in place
    # The next generator run changes a file: the site built before keeps the bytes it was built with.
    write_files(docs, {"api/v1/cuda/x.json": b"changed", "repro/cuda/x/output.txt": b"repro/cuda/x/output.txt"})
    assert (docs / "api/v1/cuda/x.json").read_bytes() == b"changed"
    assert (site / "api/v1/cuda/x.json").read_bytes() == b"api/v1/cuda/x.json"
    # Built again, the site has the new bytes.
    files = _files(docs, [], theme)
    files.append(File("api/v1/cuda/x.json", str(docs), str(site), use_directory_urls=True))
    shared_files.take(files, str(docs))
    shared_files.put_back(files, default_language_build=True, link=True)
    files.copy_static_files()
    assert (site / "api/v1/cuda/x.json").read_bytes() == b"changed"


def test_without_links_every_shared_file_is_copied(tmp_path: Path) -> None:
    docs, theme, site = tmp_path / "docs", tmp_path / "theme", tmp_path / "site"
    theme.mkdir()
    files = _files(docs, ["api/v1/cuda/x.json"], theme)
    shared_files.take(files, str(docs))
    shared_files.put_back(files, default_language_build=True)
    files.copy_static_files()
    assert not (site / "api/v1/cuda/x.json").samefile(docs / "api/v1/cuda/x.json")
