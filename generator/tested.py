"""Workarounds and dead ends tested on a GPU: `"tested": {"script", "output", "run"}` names three files in the entry's
reproduction folder (entries/<domain>/<slug>.repro/): the program, its unedited output and its run record, as
generator/reference/capture/run_tested.sh writes it (`exit status: N`, `gpu: NAME, DRIVER`, `cuda: VERSION`, ...).

E801: a named file is missing (or not a regular file). E802: the run record does not say how the run ended, or says
what contradicts the claim: a workaround's run must exit 0, a dead end's must not (the stored run shows it fail).
Pages show "Tested on GPU (<gpu>, CUDA <version>)" (a dead end: "Shown failing on GPU (...)") from the run record."""
from __future__ import annotations

import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.model import Entry
from generator.problems import Problem
from generator.rules import RULES

FILES = ("script", "output", "run")
MAX_RUN_BYTES = 65536  # a run record is a few lines; read no more than this of it
_LINE = re.compile(r"^(exit status|gpu|cuda): *(.*)$", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}")  # a file directly in the .repro folder (the schema says the same)


@dataclass(frozen=True)
class Run:
    exit_status: int | None
    gpu: str = ""  # "H100 80GB HBM3" for "gpu: NVIDIA H100 80GB HBM3, 580.159.04" (no vendor, no driver)
    cuda: str = ""  # "13.0"


def items(e: Entry) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(kind, index, tested) for every workaround and dead end of `e` that carries a `tested` object."""
    for kind in ("workarounds", "dead_ends"):
        for i, item in enumerate(e.raw.get(kind, [])):
            tested = item.get("tested") if isinstance(item, dict) else None
            if isinstance(tested, dict):
                yield kind, i, tested


def folder(e: Entry, entries_dir: Path) -> Path:
    return entries_dir / f"{e.id}.repro"


def _file(base: Path, name: object) -> Path | None:
    """base/name for a plain file name; None for anything else ('..', a path, not a string)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name in (".", ".."):
        return None
    return base / name


def _regular(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        return stat.S_ISREG(path.lstat().st_mode)  # a symbolic link is not followed, hence not a file here
    except OSError:
        return False


def read_run(path: Path | None) -> Run | None:
    """The facts of a run record, or None when it is not a readable regular file."""
    if not _regular(path):
        return None
    try:
        with path.open("rb") as f:  # type: ignore[union-attr]
            text = f.read(MAX_RUN_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None
    found: dict[str, str] = {}
    for m in _LINE.finditer(text):
        found.setdefault(m.group(1), m.group(2).strip())
    status = found.get("exit status", "")
    return Run(exit_status=int(status) if re.fullmatch(r"-?[0-9]{1,6}", status) else None,
               gpu=re.sub(r"^NVIDIA ", "", found.get("gpu", "").split(",")[0].strip())[:100],
               cuda=found.get("cuda", "")[:20])


def _p(e: Entry, where: str, code: str, message: str) -> Problem:
    return Problem(e.path, where, message, severity=RULES[code].severity, code=code)


def tested_problems(e: Entry, entries_dir: Path) -> list[Problem]:
    out: list[Problem] = []
    base = folder(e, entries_dir)
    for kind, i, tested in items(e):
        where = f"{kind}.{i}.tested"
        missing = [k for k in FILES if not _regular(_file(base, tested.get(k)))]
        for k in missing:
            out.append(_p(e, f"{where}.{k}", "E801", f"'{tested.get(k, '')}' is not a file in entries/{e.id}.repro/: "
                                                     "store the program, its output and its run record there"))
        if "run" in missing:
            continue
        run = read_run(_file(base, tested["run"]))
        if run is None or run.exit_status is None:
            out.append(_p(e, f"{where}.run", "E802", "has no 'exit status: N' line: it cannot show how the run ended"))
        elif kind == "workarounds" and run.exit_status != 0:
            out.append(_p(e, f"{where}.run", "E802", f"records exit status {run.exit_status}: a tested workaround's "
                                                     "run must exit 0 with the error gone"))
        elif kind == "dead_ends" and run.exit_status == 0:
            out.append(_p(e, f"{where}.run", "E802", "records exit status 0: a dead end marked tested must fail in "
                                                     "its stored run (the error persists)"))
    return out


def environments(entries: list[Entry], entries_dir: Path) -> dict[str, tuple[str, str]]:
    """'<entry id>:<kind>.<index>' -> (GPU, CUDA version) of its stored run, for every tested item whose run record
    can be read."""
    out: dict[str, tuple[str, str]] = {}
    for e in entries:
        for kind, i, tested in items(e):
            run = read_run(_file(folder(e, entries_dir), tested.get("run")))
            if run is not None:
                out[f"{e.id}:{kind}.{i}"] = (run.gpu, run.cuda)
    return out
