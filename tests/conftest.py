"""Shared fixtures: the seed corpus, scratch corpora, and built sites (built once per test session)."""
from __future__ import annotations

import json
import shutil
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest

from generator.paths import ENTRIES_DIR
from tests.sitebuild import build_site

FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = FIXTURES / "seeds"
SEED_IDS = ["cuda/cuda-error-driver-unloading", "cuda/stream-capture-invalid-scope",
            "cuda/illegal-memory-access-after-free", "cuda/cuda-error-invalid-sync-object"]
ARTICLE_ID = "why-does-cudadevicereset-cause-cuda-access-violations-after"


def seed(entry_id: str) -> dict:
    return json.loads((SEEDS / f"{entry_id}.json").read_text(encoding="utf-8"))


def acknowledged_copy(src: Path, dest: Path) -> Path:
    """Copy a corpus and acknowledge, in each entry, every lint error it carries (with a visible reason), so that
    the original seeds build exactly as given and the acknowledgement path is exercised on their pages."""
    from generator.lint.checks import check
    from generator.lint.rules import RULES
    shutil.copytree(src, dest)
    by_file: dict[str, set[str]] = {}
    for p in check(dest).errors:
        assert p.code, f"a seed no longer loads: {p}"
        by_file.setdefault(p.file, set()).add(p.code)
    for rel, codes in by_file.items():
        path = dest.parent / rel
        data = json.loads(path.read_text(encoding="utf-8"))
        data["acknowledged"] = [{"rule": c, "reason": f"Kept as in the original seed: {RULES[c].summary}"}
                                for c in sorted(codes)]
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return dest


@pytest.fixture(scope="session")
def acked_seeds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The original seeds with their lint errors acknowledged (read-only: copy it before changing anything)."""
    return acknowledged_copy(SEEDS, tmp_path_factory.mktemp("acked-seeds") / "entries")


@pytest.fixture
def corpus_dir(tmp_path: Path, acked_seeds: Path) -> Path:
    """A writable copy of the seed corpus (4 entries + 1 article), its lint errors acknowledged."""
    dest = tmp_path / "entries"
    shutil.copytree(acked_seeds, dest)
    return dest


def fragments(site: Path) -> dict[str, dict]:
    """The site search's stored pages (Pagefind's fragments: gzip, a signature, then JSON), by URL."""
    import gzip
    out = {}
    for f in (site / "pagefind").rglob("fragment/*.pf_fragment"):
        data = json.loads(gzip.decompress(f.read_bytes()).removeprefix(b"pagefind_dcd"))
        out[data["url"]] = data
    return out


def write_entry(root: Path, data: dict, rel: str | None = None) -> Path:
    path = root / f"{rel or data['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def _build(tmp_path_factory: pytest.TempPathFactory, name: str, entries: Path,
           env: dict[str, str] | None = None) -> Path:
    work = tmp_path_factory.mktemp(name)
    site, proc = build_site(entries, work, env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "WARNING" not in proc.stderr, proc.stderr
    return site


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory: pytest.TempPathFactory, acked_seeds: Path) -> Path:
    """The site built from the four seed entries and the article as they were given, errors acknowledged."""
    return _build(tmp_path_factory, "seed-site", acked_seeds)


@pytest.fixture(scope="session")
def real_docs(tmp_path_factory: pytest.TempPathFactory) -> Mapping[str, bytes]:
    """The generator's output for the repository's entries (relative path -> bytes), generated once per test process:
    several tests read the same 1,300 files, and each generation costs seconds of CPU. Read-only."""
    from generator.build import site
    from generator.paths import REFERENCE_FILE
    docs = tmp_path_factory.mktemp("real-docs") / "docs"
    return MappingProxyType(dict(site.build(ENTRIES_DIR, docs, REAL_DOCS_REPO, REFERENCE_FILE).files))


REAL_DOCS_REPO = "https://github.com/example/encyclopedia"


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the repository's entries/, with every gate enforced."""
    return _build(tmp_path_factory, "real-site", ENTRIES_DIR)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that read the real entries' generated pages run in one xdist worker (`--dist loadgroup`, Makefile):
    generating them costs ~4 CPU s, once per worker that needs them."""
    for item in items:
        if "real_docs" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("real_docs"))
