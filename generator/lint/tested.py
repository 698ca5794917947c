"""Workarounds and dead ends tested on a GPU: `"tested": {"script", "output", "run"}` names three files in the entry's
reproduction folder (entries/<domain>/<slug>.repro/): the program, its unedited output and its run record, as
generator/reference/capture/run_tested.sh writes it (`exit status: N`, `gpu: NAME, DRIVER`, `cuda: VERSION`, ...).

E801: a named file is missing (or not a regular file). E802: the run record does not say how the run ended, or says
what contradicts the claim: a workaround's run must exit 0, a dead end's must not (the stored run shows it fail).
Pages show "Tested on GPU (<gpu>, CUDA <version>)" (a dead end: "Shown failing on GPU (...)") from the run record.

An entry's `reproduction` (the run that shows the error) is held to the same standard: `{"script", "output", "run",
"environment", "date"}`. E803: the program, its output or its run record is not stored, or the run record does not say
how the run ended and on which GPU; E804: `environment` does not name the GPU and driver the run record names (the
environment shown on the page must come from the record, not from memory or a commit message)."""
from __future__ import annotations

import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.lint.rules import RULES
from generator.model import Entry
from generator.problems import Problem

FILES = ("script", "output", "run")
MAX_RUN_BYTES = 65536  # a run record is a few lines; read no more than this of it
_LINE = re.compile(r"^(exit status|gpu|cuda): *(.*)$", re.MULTILINE)
# run_all.sh's older records name the GPU by a bare `nvidia-smi --query-gpu=name,driver_version` line.
_BARE_GPU = re.compile(r"^(NVIDIA [^,\n]+, *[0-9]+(?:\.[0-9]+)+) *$", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}")  # a file directly in the .repro folder (the schema says the same)


@dataclass(frozen=True)
class Run:
    exit_status: int | None
    gpu: str = ""  # "H100 80GB HBM3" for "gpu: NVIDIA H100 80GB HBM3, 580.159.04" (no vendor, no driver)
    cuda: str = ""  # "13.0"
    driver: str = ""  # "580.159.04"


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
    if "gpu" not in found and (bare := _BARE_GPU.search(text)):
        found["gpu"] = bare.group(1)
    # "exit status: 134 (SIGABRT: ...)": the number, then a note
    status = re.match(r"(-?[0-9]{1,6})(?![0-9.])", found.get("exit status", ""))
    gpu, _, driver = found.get("gpu", "").partition(",")
    return Run(exit_status=int(status.group(1)) if status else None,
               gpu=re.sub(r"^NVIDIA ", "", gpu.strip())[:100], cuda=found.get("cuda", "")[:20],
               driver=driver.strip()[:40])


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


def reproduction_problems(e: Entry, entries_dir: Path) -> list[Problem]:
    """E803/E804 for the entry's `reproduction`: its files are stored, and its run record backs the environment."""
    r = e.raw.get("reproduction")
    if not isinstance(r, dict):
        return []
    base = folder(e, entries_dir)
    out: list[Problem] = []
    for k in ("script", "output"):
        if not _regular(_file(base, r.get(k))):
            out.append(_p(e, f"reproduction.{k}", "E803", f"'{r.get(k, '')}' is not a file in entries/{e.id}.repro/: "
                                                          "store the program and its unedited output there"))
    if "run" not in r:
        out.append(_p(e, "reproduction.run", "E803", "names no run record, so nothing shows where and how the "
                                                     "reproduction ran: run it with generator/reference/capture/"
                                                     "run_tested.sh (a row in tested.tsv) and name its <name>_run.txt"))
        return out
    path = _file(base, r["run"])
    if not _regular(path):
        out.append(_p(e, "reproduction.run", "E803", f"'{r['run']}' is not a file in entries/{e.id}.repro/: store "
                                                     "the run record there"))
        return out
    run = read_run(path)
    if run is None or run.exit_status is None or not run.gpu:
        out.append(_p(e, "reproduction.run", "E803", "does not record how the run ended and on which GPU ('exit "
                                                     "status: N' and 'gpu: NAME, DRIVER' lines)"))
        return out
    model = run.gpu.split()[0]
    named = f"{model} and driver {run.driver}" if run.driver else model
    for key in ("environment", "environment_zh"):
        text = r.get(key)
        if isinstance(text, str) and (model not in text or run.driver not in text):
            out.append(_p(e, f"reproduction.{key}", "E804", f"does not name the {named} that {r['run']} records: "
                                                            "say what the run record says"))
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
