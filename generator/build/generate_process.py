"""`mkdocs build`'s generator run (generator/build/site.py build) in a process of its own, which returns its memory
when it exits. Run inside the MkDocs process, the generator left its heap there (the site's text, the corpus, the
translation findings: 503 MB at 3,000 entries), and the forked build of every other language started as a copy of it
(generator/build/parallel.py). `mkdocs serve` still runs it in the MkDocs process: a rebuild renders again only what
an edit changed, from what the rebuild before remembered.

The process reports through a JSON file: the problems (invalid input: BuildError's, or the warnings of a build that
wrote the site), the counts, and the names of the files written (their bytes stay in docs/)."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from generator.build.site import BuildResult, WrittenFiles, build
from generator.paths import child_env
from generator.problems import BuildError, Problem


class GeneratorFailed(RuntimeError):
    """The process ended without a report (a bug in the generator, not bad input): its output says why."""


def build_apart(entries_dir: Path, docs_dir: Path, repo_url: str, site_url: str, branch: str) -> BuildResult:
    """build(...) in a fresh process. BuildError as build raises it; the result's `files` name every file produced
    (read from docs_dir, where they were written)."""
    fd, name = tempfile.mkstemp(prefix="ee-generator-", suffix=".json")
    os.close(fd)
    report = Path(name)
    args = [str(entries_dir), str(docs_dir), repo_url, site_url, branch, str(report)]
    try:
        proc = subprocess.run([sys.executable, "-m", "generator.build.generate_process", *args], env=child_env(),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
        text = report.read_text(encoding="utf-8")
    finally:
        report.unlink(missing_ok=True)
    if proc.returncode != 0 or not text:
        raise GeneratorFailed(f"the generator's process failed (exit {proc.returncode}):\n{proc.stdout[-4000:]}")
    data = json.loads(text)
    if data["errors"] is not None:
        raise BuildError([Problem(**p) for p in data["errors"]])
    return BuildResult(written=data["written"], unchanged=data["unchanged"], removed=data["removed"],
                       problems=[Problem(**p) for p in data["problems"]], files=WrittenFiles(docs_dir, data["files"]))


def _main(argv: list[str]) -> None:
    """python -m generator.build.generate_process ENTRIES DOCS REPO_URL SITE_URL BRANCH REPORT_JSON"""
    entries, docs, repo_url, site_url, branch, report = argv
    try:
        result = build(Path(entries), Path(docs), repo_url, site_url=site_url, branch=branch)
    except BuildError as exc:
        data: dict[str, object] = {"errors": [dataclasses.asdict(p) for p in exc.problems]}
    else:
        data = {"errors": None, "written": result.written, "unchanged": result.unchanged, "removed": result.removed,
                "problems": [dataclasses.asdict(p) for p in result.problems], "files": sorted(result.files)}
    Path(report).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    _main(sys.argv[1:])
