"""`mkdocs build`'s generator run in a process of its own (generator/build/generate_process.py): the same files, the
same problems, and a failure with what the process said."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build.generate_process import GeneratorFailed, build_apart
from generator.build.site import build
from generator.problems import BuildError

REPO = "https://github.com/example/encyclopedia"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_in_its_own_process_writes_what_one_in_this_process_writes(tmp_path: Path, acked_seeds: Path) -> None:
    here = build(acked_seeds, tmp_path / "here", REPO, site_url="/", branch="main")
    apart = build_apart(acked_seeds, tmp_path / "apart", REPO, "/", "main")
    assert _tree(tmp_path / "apart") == _tree(tmp_path / "here") and len(here.files) > 30
    assert sorted(apart.files) == sorted(here.files)
    assert (apart.written, apart.removed, apart.unchanged) == (here.written, here.removed, here.unchanged)
    assert apart.problems == here.problems and here.problems  # the warnings, as the build here lists them


def test_invalid_input_raises_the_problems_a_build_here_finds(tmp_path: Path, acked_seeds: Path) -> None:
    entries = tmp_path / "entries"
    shutil.copytree(acked_seeds, entries)
    broken = sorted(entries.glob("cuda/*.json"))[0]
    data = json.loads(broken.read_text(encoding="utf-8"))
    data["category"] = 42
    broken.write_text(json.dumps(data), encoding="utf-8")
    (entries / "cuda/truncated.json").write_text('{"id": "cuda/truncated"', encoding="utf-8")
    with pytest.raises(BuildError) as here:
        build(entries, tmp_path / "here", REPO)
    with pytest.raises(BuildError) as apart:
        build_apart(entries, tmp_path / "apart", REPO, "/", "main")
    assert apart.value.problems == here.value.problems and len(here.value.problems) >= 2
    assert not (tmp_path / "apart").exists()  # nothing written


def test_a_process_that_dies_is_reported_with_its_output(tmp_path: Path, acked_seeds: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # after the checkout, which the child's path starts with
    (tmp_path / "sitecustomize.py").write_text("raise SystemExit('the generator could not start')\n",
                                               encoding="utf-8")
    with pytest.raises(GeneratorFailed, match=r"(?s)exit 1.*the generator could not start"):
        build_apart(acked_seeds, tmp_path / "docs", REPO, "/", "main")
