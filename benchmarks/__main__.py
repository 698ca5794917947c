"""`make bench`: build synthetic corpora of N entries and print one Markdown table row per N.

    python -m benchmarks [--sizes 1000,3000,10000] [--work DIR] [--no-browser] [--no-rebuild] [--generator-only]"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import browser_probe, measure
from benchmarks.corpus import DOMAINS, write_corpus

GENERATOR_HEADER = ("| N | generator wall s | generator CPU s | one-edit rebuild wall s "
                    "| one-edit rebuild CPU s (files written) | load average (1 min) before |")
HEADER = ("| N | generator s (CPU s) | build s (CPU s) | build peak MiB (largest process) | output MiB "
          "| largest entry page KiB "
          "| largest page KiB "
          "| en index MiB / first-query KiB | zh index MiB / first-query KiB "
          "| first search result en / zh ms (index KiB fetched) "
          "| match index | paste→result | rebuild 1 entry s (CPU s, index) |")


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    mem = next(line.split(":", 1)[1].strip() for line in Path("/proc/meminfo").read_text().splitlines()
               if line.startswith("MemTotal"))
    return f"nproc {os.cpu_count()}, {cpu}, {mem} RAM, Python {platform.python_version()}"


def rebuild(project: Path, site: Path, entries: Path) -> str:
    entry = next(entries.glob("cuda/*.json"))
    env = dict(os.environ, ENCYCLOPEDIA_ENTRIES=str(entries), NO_MKDOCS_2_WARNING="1",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    proc = subprocess.run([sys.executable, "-m", "benchmarks.serve_rebuild", str(site), str(entry)],
                          cwd=project, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        return f"failed: {proc.stderr[-300:]}"
    times = json.loads(proc.stdout.strip().splitlines()[-1])
    # Correct: the edited text is on that entry's English page in the index and nowhere else, and no page is
    # indexed twice (Pagefind keeps one fragment per page).
    fragments = list((site / measure.SEARCH).rglob("fragment/*.pf_fragment"))
    pages = measure.search_pages(site)
    holding = [url for url, text in pages.items() if "markerincremental" in text]
    ok = holding == [f"/{entry.parent.name}/{entry.stem}/"] and len(pages) == len(fragments)
    return f"{times['rebuild_s']:.1f} ({times['rebuild_cpu_s']:.1f} CPU s, index {'ok' if ok else 'WRONG'})"


def generator_row(n: int, work: Path) -> str:
    """The generator alone (entries -> docs/ Markdown), cold: no MkDocs."""
    entries = write_corpus(work / "entries", n)
    load = os.getloadavg()[0]
    wall, cpu = measure.timed_generator(entries, work / "gen-docs")
    r_wall, r_cpu, written = measure.timed_generator_rebuild(entries, work / "gen-docs")
    return f"| {n:,} | {wall:.1f} | {cpu:.1f} | {r_wall:.1f} | {r_cpu:.1f} ({written}) | {load:.1f} |"


def run(n: int, work: Path, browser: bool, do_rebuild: bool) -> str:
    entries = write_corpus(work / "entries", n)
    gen_s, gen_cpu = measure.timed_generator(entries, work / "gen-docs")
    project = measure.project_copy(work)
    site = work / "site"
    run = measure.mkdocs_build(project, entries, site)
    out_mib = measure.dir_size(site) / 2**20
    entry_kib, entry_page = measure.largest_entry_page(site, set(DOMAINS))
    page_kib, page = measure.largest_page(site)
    idx = measure.index_sizes(site)
    ready = "skipped"
    if browser:
        r = browser_probe.first_result(site)
        ready = (f"{r['en']['first_result_ms']:.0f} ({r['en']['fetched_kib']:.0f}) / "
                 f"{r['zh']['first_result_ms']:.0f} ({r['zh']['fetched_kib']:.0f})")
    match = site / measure.MATCH_INDEX
    match_s = f"{match.stat().st_size / 1024:.0f} KiB" if match.exists() else "n/a (matcher not merged)"
    paste = "n/a (matcher not merged)"
    if browser and match.exists():
        ms = browser_probe.paste_to_result(site, json.loads(next(entries.glob("cuda/*.json")).read_text())["signature"])
        paste = f"{ms:.0f} ms" if ms is not None else "n/a (no paste box)"
    reb = rebuild(project, work / "serve-site", entries) if do_rebuild else "skipped"
    print(f"  largest entry page: {entry_page}; largest page: {page}", file=sys.stderr)
    return (f"| {n:,} | {gen_s:.1f} ({gen_cpu:.1f}) | {run.wall:.1f} ({run.cpu:.0f}) | {run.peak_mib:.0f} "
            f"({run.max_rss_mib:.0f}) | {out_mib:.0f} "
            f"| {entry_kib / 1024:.1f} | {page_kib / 1024:.0f} "
            f"| {idx['en'][0] / 2**20:.1f} / {idx['en'][1] / 1024:.0f} "
            f"| {idx['zh'][0] / 2**20:.1f} / {idx['zh'][1] / 1024:.0f} | {ready} | {match_s} | {paste} | {reb} |")


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks")
    ap.add_argument("--sizes", default="1000,3000,10000")
    ap.add_argument("--work", type=Path, help="keep corpora and sites here (default: a temporary folder)")
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--no-rebuild", action="store_true")
    ap.add_argument("--generator-only", action="store_true", help="time only the generator step (no MkDocs)")
    args = ap.parse_args()
    print(machine())
    header = GENERATOR_HEADER if args.generator_only else HEADER
    print(header)
    print("|" + "---|" * header.count(" | ") + "---|")
    with tempfile.TemporaryDirectory(prefix="ee-bench-") as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            work = (args.work or Path(tmp)) / f"n{n}"
            row = generator_row(n, work) if args.generator_only else run(n, work, not args.no_browser,
                                                                            not args.no_rebuild)
            print(row, flush=True)


if __name__ == "__main__":
    main()
