"""An article's code and quoted output can't drift from what was compiled and run.

Every ```cpp / ```c++ / ```cuda block of an article (and of its translation) is, verbatim, a source stored in
entries/articles/<id>.repro/ that the stored compile log shows compiling with exit code 0; every ```text block is
copied from a file stored there; every link into that folder names a file that exists. Where nvcc is installed,
the blocks are also compiled again here."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.paths import ARTICLES_DIR

CODE_LANGS = {"cpp", "c++", "cuda"}
SOURCE_SUFFIXES = {".cu", ".cpp", ".cc", ".cuh", ".h"}
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})(?P<lang>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.S | re.M)
NVCC_RUN = re.compile(r"^\$ nvcc (?P<args>.*)\n(?P<log>(?:(?!\$ ).*\n)*?)exit code: (?P<rc>\d+)$", re.M)
ARTICLE_FILES = sorted(ARTICLES_DIR.glob("*.md"))
CHECKED_ID = "why-does-cudadevicereset-cause-cuda-access-violations-after"


def _id(path: Path) -> str:
    return path.name.removesuffix(".md").removesuffix(".zh")


def _repro(path: Path) -> Path:
    return ARTICLES_DIR / f"{_id(path)}.repro"


def _blocks(path: Path, langs: set[str]) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [m.group("body") for m in FENCE.finditer(text) if m.group("lang").strip().lower() in langs]


def _stored(path: Path, suffixes: set[str] | None) -> dict[str, str]:
    folder = _repro(path)
    if not folder.is_dir():
        return {}
    return {f.name: f.read_text(encoding="utf-8") for f in sorted(folder.iterdir())
            if f.is_file() and (suffixes is None or f.suffix in suffixes)}


def _compiled(path: Path) -> dict[str, int]:
    """Source file name -> exit code of its nvcc run in compile.txt (the last run of each file counts)."""
    log = _repro(path) / "compile.txt"
    out: dict[str, int] = {}
    if log.is_file():
        for m in NVCC_RUN.finditer(log.read_text(encoding="utf-8")):
            assert "-std=c++17" in m.group("args").split(), f"{log}: compiled without -std=c++17: {m.group(0)}"
            for arg in m.group("args").split():
                if Path(arg).suffix in SOURCE_SUFFIXES:
                    out[arg] = int(m.group("rc"))
    return out


@pytest.mark.parametrize("path", ARTICLE_FILES, ids=lambda p: p.name)
def test_code_blocks_are_stored_sources_that_compiled(path: Path) -> None:
    blocks = _blocks(path, CODE_LANGS)
    if not blocks:
        return
    sources = _stored(path, SOURCE_SUFFIXES)
    assert sources, f"{path.name} has C++/CUDA code but no sources in {_repro(path).name}/"
    compiled = _compiled(path)
    for block in blocks:
        matches = [name for name, text in sources.items() if text.rstrip("\n") == block.rstrip("\n")]
        first = block.strip().splitlines()[0] if block.strip() else "(empty block)"
        assert matches, f"{path.name}: a code block is not, verbatim, one of the stored sources: {first}"
        assert any(compiled.get(name) == 0 for name in matches), (
            f"{path.name}: {matches[0]} has no successful nvcc run in {_repro(path).name}/compile.txt")


@pytest.mark.parametrize("path", ARTICLE_FILES, ids=lambda p: p.name)
def test_quoted_output_is_copied_from_stored_files(path: Path) -> None:
    blocks = _blocks(path, {"text"})
    if not blocks:
        return
    stored = _stored(path, {".txt"})
    for block in blocks:
        assert any(block.rstrip("\n") in text for text in stored.values()), (
            f"{path.name}: a text block is not in any stored output: {block.strip().splitlines()[0]}")


@pytest.mark.parametrize("path", ARTICLE_FILES, ids=lambda p: p.name)
def test_links_into_the_repro_folder_name_stored_files(path: Path) -> None:
    folder = _repro(path)
    text = path.read_text(encoding="utf-8")
    names = re.findall(rf"(?:^|[\s(<:/`]){re.escape(folder.name)}/([A-Za-z0-9_.-]+)", text, re.M)
    assert names, f"{path.name} links to no stored file"  # the check is not vacuous
    for name in names:
        assert (folder / name).is_file(), f"{path.name} links to {folder.name}/{name}, which is not stored"


def test_the_translation_shows_the_same_code() -> None:
    en = ARTICLES_DIR / f"{CHECKED_ID}.md"
    zh = ARTICLES_DIR / f"{CHECKED_ID}.zh.md"
    assert _blocks(en, CODE_LANGS) == _blocks(zh, CODE_LANGS)
    assert _blocks(en, {"text"}) == _blocks(zh, {"text"})
    assert len(_blocks(en, CODE_LANGS)) == 3  # the checks above are not vacuous


def test_the_stored_runs_say_what_the_article_says() -> None:
    """The article's central claims, read back from the stored outputs."""
    repro = ARTICLES_DIR / f"{CHECKED_ID}.repro"
    first = (repro / "output_free_async_then_reset.txt").read_text(encoding="utf-8")
    assert first.count("exit code: 0") == 3 and "cudaError" not in first  # free-async, then reset: no error
    assert first.count("kernel finished: 1") == 3
    stale = (repro / "output_stale_handles_after_reset.txt").read_text(encoding="utf-8")
    runs = [r for r in re.split(r"(?m)^(?=\$ )", stale) if r.startswith("$ ")]
    free_async = [r for r in runs if r.split("\n")[0].endswith(" free-async")]
    assert len(free_async) == 5 and all(r.rstrip().endswith("exit code: 139") for r in free_async)
    sync_codes = {m for r in runs if r.split("\n")[0].endswith(" sync")
                  for m in re.findall(r"cudaStreamSynchronize\(stream\) +-> (\w+)", r.split("mode:")[1])}
    assert len(sync_codes) > 1  # one stale call, different errors from run to run
    compile_log = (repro / "compile.txt").read_text(encoding="utf-8")
    assert "original_example_1.cu(11): error: too few arguments in function call" in compile_log


@pytest.mark.slow  # compiles CUDA programs
@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
def test_code_blocks_compile_with_nvcc(tmp_path: Path) -> None:
    blocks = _blocks(ARTICLES_DIR / f"{CHECKED_ID}.md", CODE_LANGS)
    names = []
    for i, block in enumerate(blocks):
        (tmp_path / f"block{i}.cu").write_text(block, encoding="utf-8")
        names.append(f"block{i}.cu")
    done = subprocess.run(["nvcc", "-std=c++17", "-arch=sm_90", "-c", *names], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
