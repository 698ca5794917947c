"""Build a whole site (generator + real `mkdocs build --strict`) from any entries folder, in a temporary copy
of the project, so tests never touch the repository's docs/ and can run in parallel."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from generator.build.site import OWNED_DIRS
from generator.paths import ROOT

HAND_WRITTEN_SKIP = {d.split("/")[0] for d in OWNED_DIRS if "/" not in d}


def make_project_copy(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(ROOT / "overrides", dest / "overrides")
    shutil.copytree(ROOT / "generator", dest / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "config", dest / "config")
    shutil.copytree(ROOT / "docs", dest / "docs",
                    ignore=lambda d, names: [n for n in names if Path(d) == ROOT / "docs" and n in HAND_WRITTEN_SKIP]
                    + [n for n in names if n == "generated"])
    cache = ROOT / ".cache" / "regex-gate.json"  # recheck's verdicts, by regex: a copy need not analyse them again
    if cache.exists():
        (dest / ".cache").mkdir(exist_ok=True)
        shutil.copy2(cache, dest / ".cache" / cache.name)
    shared = ROOT.parent / "shared"  # the CUDA reference table sits beside the checkout
    if shared.exists() and not (dest.parent / "shared").exists():
        os.symlink(shared, dest.parent / "shared")
    mermaid = ROOT / "node_modules" / "mermaid" / "dist"
    if mermaid.exists():
        (dest / "node_modules" / "mermaid").mkdir(parents=True)
        os.symlink(mermaid, dest / "node_modules" / "mermaid" / "dist")
    for name in ("recheck", "recheck-linux-x64", "recheck-jar", "synckit", "@pkgr", "tslib"):  # the regex gate
        if (ROOT / "node_modules" / name).exists():
            (dest / "node_modules").mkdir(exist_ok=True)
            os.symlink(ROOT / "node_modules" / name, dest / "node_modules" / name)
    return dest


def build_site(entries: Path, workdir: Path, env: dict[str, str] | None = None,
               prepare: Callable[[Path], None] | None = None) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Returns (site dir, the finished `mkdocs build --strict` process). `prepare(project)` may change the project
    copy (its config/, mkdocs.yml ...) before the build."""
    project = make_project_copy(workdir / "project")
    if prepare is not None:
        prepare(project)
    site = workdir / "site"
    # The checkout's regex verdicts (a pure function of regex and recheck version): each copy would analyse anew.
    cache = str(ROOT / ".cache" / "regex-gate.json")
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1", REGEX_GATE_CACHE=cache,
               **(env or {}))
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                          cwd=project, env=env, capture_output=True, text=True, timeout=600)
    return site, proc
