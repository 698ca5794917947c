"""One cold generator build in a fresh process (as CI runs it: no threads of an earlier measurement around, so the
per-entry work forks onto every core). Prints wall and CPU seconds as JSON; CPU includes the forked workers.

    python -m benchmarks.generator_run ENTRIES DOCS"""
from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

from benchmarks.measure import cpu_seconds
from generator.build.site import build


def main(entries: str, docs: str) -> None:
    shutil.rmtree(docs, ignore_errors=True)
    start, cpu = time.perf_counter(), cpu_seconds()
    build(Path(entries), Path(docs), "https://example.invalid/repo")
    print(json.dumps({"wall_s": time.perf_counter() - start, "cpu_s": cpu_seconds() - cpu}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
