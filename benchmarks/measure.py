"""Measurements for one corpus size: generator, full build, output sizes, search indexes, incremental rebuild."""
from __future__ import annotations

import gzip
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from generator.build.site import build
from tests.sitebuild import make_project_copy

SEARCH = "pagefind"  # the site search's index (generator/build/search_index.py), one per language
MATCH_INDEX = "assets/generated/match-index.json"


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and of every child it has waited for (the generator's forked
    workers, Node): the robust figure on a shared machine."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_generator(entries: Path, docs: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) for one cold generator build into an empty docs folder, in a fresh process (what CI
    does; benchmarks/generator_run.py); the CPU seconds include the worker processes it forks (generator/workers.py)
    and the regex gate's Node worker."""
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-m", "benchmarks.generator_run", str(entries), str(docs)], cwd=root,
                          env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True, text=True, check=True)
    times = json.loads(proc.stdout.strip().splitlines()[-1])
    return float(times["wall_s"]), float(times["cpu_s"])


def timed_generator_rebuild(entries: Path, docs: Path) -> tuple[float, float, int]:
    """What `mkdocs serve` asks of the generator after one edit: an incremental build in the same process after an
    entry's root cause (both languages) changed. (wall s, CPU s, files written); the corpus is edited in place."""
    build(entries, docs, "https://example.invalid/repo", incremental=True)
    entry = sorted(entries.glob("cuda/*.json"))[0]
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["root_cause"] += " Edited for the rebuild benchmark."
    if data.get("root_cause_zh"):
        data["root_cause_zh"] += "为重建基准而编辑。"
    entry.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    start, cpu = time.perf_counter(), cpu_seconds()
    result = build(entries, docs, "https://example.invalid/repo", incremental=True)
    return time.perf_counter() - start, cpu_seconds() - cpu, len(result.written)


@dataclass
class BuildRun:
    wall: float  # seconds
    cpu: float  # user + system seconds of the build and every process it started (the forked languages, Pagefind)
    peak_mib: float  # the most memory the build's processes held at once: the sum of their PSS, sampled every 0.1 s
    max_rss_mib: float  # the largest single process (GNU time's %M)
    stderr: str


def _tree_pss_kib(session: int) -> int:
    """Sum of the proportional set size (shared pages counted once) of every process in a session."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[3]) != session:  # field 6 of /proc/<pid>/stat: the session id
                continue
            rollup = (stat.parent / "smaps_rollup").read_text()
        except (OSError, IndexError, ValueError):
            continue
        m = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
        total += int(m.group(1)) if m else 0
    return total


def mkdocs_build(project: Path, entries: Path, site: Path, *extra: str) -> BuildRun:
    """A real `mkdocs build --strict` (what `make build` runs, in a fresh session so that its processes can be found
    and their memory added up)."""
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1")
    cmd = ["/usr/bin/time", "-f", "MAXRSS_KB=%M CPU_S=%U+%S", sys.executable, "-m", "mkdocs", "build", "--strict",
           "-d", str(site), *extra]
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                start_new_session=True)
        peak = 0
        while proc.poll() is None:
            peak = max(peak, _tree_pss_kib(proc.pid))
            time.sleep(0.1)
        wall = time.perf_counter() - start
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    if proc.returncode != 0 or "WARNING" in stderr:
        raise RuntimeError(f"mkdocs build failed:\n{stderr[-4000:]}")
    rss = re.search(r"MAXRSS_KB=(\d+) CPU_S=([\d.]+)\+([\d.]+)", stderr)
    if rss is None:
        raise RuntimeError(f"no resource use reported:\n{stderr[-2000:]}")
    return BuildRun(wall, float(rss.group(2)) + float(rss.group(3)), peak / 1024, int(rss.group(1)) / 1024, stderr)


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def largest_entry_page(site: Path, entry_dirs: set[str]) -> tuple[int, str]:
    best = (0, "")
    for page in site.rglob("index.html"):
        rel = page.relative_to(site).parts
        top = rel[1] if rel[0] == "zh" and len(rel) > 1 else rel[0]
        if top in entry_dirs:
            best = max(best, (page.stat().st_size, page.relative_to(site).as_posix()))
    return best


def largest_page(site: Path) -> tuple[int, str]:
    return max((p.stat().st_size, p.relative_to(site).as_posix()) for p in site.rglob("*.html"))


def search_pages(site: Path) -> dict[str, str]:
    """URL -> indexed text of every page in the search index (Pagefind's fragments: gzip, signature, JSON)."""
    out = {}
    for f in (site / SEARCH).rglob("fragment/*.pf_fragment"):
        data = json.loads(gzip.decompress(f.read_bytes()).removeprefix(b"pagefind_dcd"))
        out[data["url"]] = data["content"]
    return out


def index_sizes(site: Path) -> dict[str, tuple[int, int, int]]:
    """language -> (bytes of all its index files, bytes of its page lists plus its largest word-index chunk in each
    slice: the most a one-word query fetches besides pagefind.js, the WebAssembly and the shown results' fragments,
    pages). A language of many pages is indexed in slices (generator/build/search_index.py SLICE_PAGES), each a bundle
    of its own inside the first. The files are gzip-compressed by Pagefind already: these are the bytes sent."""
    out: dict[str, tuple[int, int, int]] = {}
    for entry_file in sorted((site / SEARCH).rglob("pagefind-entry.json")):
        folder = entry_file.parent
        entry = json.loads(entry_file.read_text(encoding="utf-8"))
        for lang, info in entry["languages"].items():
            files = [f for f in folder.glob(f"*{lang}_*") if f.is_file()]
            files += [f for sub in ("index", "fragment", "filter") for f in (folder / sub).glob(f"{lang}_*")]
            chunks = [f.stat().st_size for f in files if f.suffix == ".pf_index"]
            meta = sum(f.stat().st_size for f in files if f.suffix == ".pf_meta")
            size, first_query, pages = out.get(lang, (0, 0, 0))
            out[lang] = (size + sum(f.stat().st_size for f in files), first_query + meta + max(chunks, default=0),
                         pages + int(info["page_count"]))
    return out


def project_copy(work: Path) -> Path:
    return make_project_copy(work / "project")
