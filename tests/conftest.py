"""Shared fixtures: the seed corpus, scratch corpora, and built sites (built once per test session)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

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


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    """A writable copy of the seed corpus (4 entries + 1 article)."""
    dest = tmp_path / "entries"
    shutil.copytree(SEEDS, dest)
    return dest


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
def seed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the four seed entries and the article exactly as they were given."""
    return _build(tmp_path_factory, "seed-site", SEEDS)


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the repository's entries/, with every gate enforced."""
    return _build(tmp_path_factory, "real-site", ENTRIES_DIR)
