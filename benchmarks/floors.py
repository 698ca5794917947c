"""What a build of N entries costs before the project's own work: the floors that issue 12's targets sit on.

    python -m benchmarks.floors [--sizes 3000] [--work DIR]

For each size, on the benchmark's synthetic corpus (benchmarks/corpus.py), each part in a fresh process, wall and CPU
seconds (CPU is the figure to compare on a shared machine):

- **engine**: MkDocs, Material and the i18n plugin, configured as this site is (theme features, `not_in_nav`, the
  languages of config/languages.yml, the suffix layout), building the same page paths in every language when every
  page is four lines of Markdown. No hook of this project runs: what the site's engine costs per page before any
  content. The plugin builds the languages one after the other in one process (this site's build runs them in
  parallel: generator/build/parallel.py), so its CPU seconds are the figure.
- **generator I/O**: importing the generator; reading and parsing every entry file; the schema check (the compiled
  validator the loader runs first); writing every generated file again (the same bytes, into an empty folder).
- **highlighting**: Pygments on every stored reproduction file, as the generator highlights them
  (generator/render/repro.py code_blocks), on one core.
- **indexing**: Pagefind, as the build runs it (search_index.index_copy's options), over the engine's pages: what
  indexing that many pages costs before their text (the build indexes the real pages' text: more).

The generator's files are made first by a cold generator run (not timed here: `python -m benchmarks` times it).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cpu(who: int = resource.RUSAGE_SELF) -> float:
    """User + system seconds of this process, or of its waited-for children (benchmarks.measure.cpu_seconds adds the
    two, but importing that module imports the generator, whose import io_part times)."""
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


@contextlib.contextmanager
def _timed(out: dict[str, float], name: str) -> Iterator[None]:
    """out['<name>_wall'] and out['<name>_cpu']: what the block took, in this process."""
    start, cpu = time.perf_counter(), _cpu()
    yield
    out[f"{name}_wall"], out[f"{name}_cpu"] = time.perf_counter() - start, _cpu() - cpu


def _run(args: list[str], cwd: Path) -> tuple[float, float, str]:
    """(wall s, CPU s, stdout) of a command in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1")
    start, cpu = time.perf_counter(), _cpu(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    wall, used = time.perf_counter() - start, _cpu(resource.RUSAGE_CHILDREN) - cpu
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{proc.stderr[-3000:]}")
    return wall, used, proc.stdout


def engine_project(docs: Path, dest: Path) -> Path:
    """A project with `docs`' page paths, each page four lines, and this site's MkDocs configuration without its
    hooks, overrides, Markdown extensions or content."""
    from generator.l10n.languages import languages

    pages = dest / "docs"
    count = 0
    tracked = subprocess.run(["git", "ls-files", "-z", "--", "docs/*.md"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split("\0")
    hand_written = [Path(name).relative_to("docs") for name in tracked if name]
    for rel in sorted({p.relative_to(docs) for p in docs.rglob("*.md")} | set(hand_written)):
        out = pages / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        name = rel.as_posix().removesuffix(".md")
        out.write_text(f"# {name}\n\nA paragraph about {name}.\n\n## Section\n\nMore text.\n", encoding="utf-8")
        count += 1
    langs = "\n".join(f"        - {{locale: {lang.code}, name: {json.dumps(lang.code)}, build: true"
                      f"{', default: true' if lang.default else ''}}}" for lang in languages().all)
    (dest / "mkdocs.yml").write_text(f"""site_name: Engine floor
site_url: https://example.invalid/
docs_dir: docs
not_in_nav: |
  /*/**/*.md
nav:
  - Home: index.md
theme:
  name: material
  language: en
  font: false
  features: [navigation.top, navigation.footer, content.code.copy, toc.follow]
plugins:
  - i18n:
      docs_structure: suffix
      fallback_to_default: true
      reconfigure_material: true
      reconfigure_search: false
      languages:
{langs}
markdown_extensions:
  - toc:
      permalink: true
""", encoding="utf-8")
    print(f"  engine project: {count} pages", file=sys.stderr)
    return dest


def io_part(entries: str, docs: str) -> None:
    """In a fresh process: the generator's I/O floor, printed as JSON."""
    out: dict[str, float] = {}
    with _timed(out, "import"):
        import generator.build.site  # noqa: F401  (what a generator run imports)
        from generator.load import corpus

    files = sorted(p for p in Path(entries).rglob("*.json") if not any(part.endswith(".repro") for part in p.parts))
    with _timed(out, "parse"):
        data = [json.loads(p.read_bytes()) for p in files]
    with _timed(out, "schema"):
        valid = sum(corpus._valid(d, "entry.schema.json") for d in data)
    out["entries"], out["valid"] = len(data), valid

    generated = [(p.relative_to(docs), p.read_bytes()) for p in Path(docs).rglob("*") if p.is_file()]
    with tempfile.TemporaryDirectory() as tmp, _timed(out, "write"):
        made: set[Path] = set()
        for rel, data_bytes in generated:
            target = Path(tmp) / rel
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            target.write_bytes(data_bytes)
    out["files"], out["bytes"] = len(generated), sum(len(b) for _, b in generated)
    print(json.dumps(out))


def highlight_part(entries: str) -> None:
    """In a fresh process: Pygments on every stored file, as the generator does it, printed as JSON."""
    from generator.render import repro

    stored = repro.read_all(Path(entries))
    out: dict[str, float] = {"folders": len(stored)}
    with _timed(out, "highlight"):
        out["files"] = sum(len(repro.code_blocks(files)) for files in stored.values())
    print(json.dumps(out))


def floors(n: int, work: Path) -> list[str]:
    from benchmarks.corpus import write_corpus
    from benchmarks.measure import timed_generator

    entries = write_corpus(work / "entries", n)
    docs = work / "gen-docs"
    timed_generator(entries, docs)
    rows = []
    py = sys.executable

    _, _, out = _run([py, "-m", "benchmarks.floors", "--part", "io", str(entries), str(docs)], ROOT)
    io = json.loads(out.strip().splitlines()[-1])
    rows.append(f"| {n:,} | generator I/O: import | {io['import_wall']:.2f} | {io['import_cpu']:.2f} | |")
    rows.append(f"| {n:,} | generator I/O: read and parse {io['entries']:,} entry files | {io['parse_wall']:.2f} "
                f"| {io['parse_cpu']:.2f} | |")
    rows.append(f"| {n:,} | generator I/O: schema check ({io['valid']:,} valid) | {io['schema_wall']:.2f} "
                f"| {io['schema_cpu']:.2f} | |")
    rows.append(f"| {n:,} | generator I/O: write {io['files']:,} files ({io['bytes'] / 2**20:.0f} MiB) "
                f"| {io['write_wall']:.2f} | {io['write_cpu']:.2f} | |")

    _, _, out = _run([py, "-m", "benchmarks.floors", "--part", "highlight", str(entries)], ROOT)
    hl = json.loads(out.strip().splitlines()[-1])
    rows.append(f"| {n:,} | highlighting: Pygments on {hl['files']:,} stored files ({hl['folders']:,} folders) "
                f"| {hl['highlight_wall']:.2f} | {hl['highlight_cpu']:.2f} | |")

    project = engine_project(docs, work / "engine")
    pages = sum(1 for _ in (project / "docs").rglob("*.md"))
    wall, cpu, _ = _run([py, "-m", "mkdocs", "build", "-q", "-d", str(work / "engine-site")], project)
    built = sum(1 for _ in (work / "engine-site").rglob("index.html"))
    rows.append(f"| {n:,} | engine: MkDocs + Material + i18n, {pages:,} four-line pages ({built:,} written) "
                f"| {wall:.1f} | {cpu:.1f} | {1000 * cpu / max(1, built):.2f} ms CPU a page |")
    from generator.build.search_index import EXCLUDE_SELECTORS, pagefind_executable

    command = [str(pagefind_executable()), "--site", str(work / "engine-site"), "--output-path",
               str(work / "engine-pagefind"), "--quiet"]
    for selector in EXCLUDE_SELECTORS:
        command += ["--exclude-selectors", selector]
    wall, cpu, _ = _run(command, ROOT)
    rows.append(f"| {n:,} | indexing: Pagefind over those {built:,} pages | {wall:.1f} | {cpu:.1f} "
                f"| {1000 * cpu / max(1, built):.2f} ms CPU a page |")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="3000")
    ap.add_argument("--work", type=Path, help="folder for corpora and sites (default: a temporary one)")
    ap.add_argument("--part", choices=("io", "highlight"), help=argparse.SUPPRESS)
    ap.add_argument("paths", nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.part == "io":
        io_part(*args.paths)
        return
    if args.part == "highlight":
        highlight_part(*args.paths)
        return
    print(f"load average before: {os.getloadavg()[0]:.1f}", file=sys.stderr)
    print("| N | part | wall s | CPU s | |")
    print("|---|---|---|---|---|")
    for n in [int(s) for s in args.sizes.split(",")]:
        if args.work:
            work = args.work / f"floors-{n}"
            work.mkdir(parents=True, exist_ok=False)
            rows = floors(n, work)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                rows = floors(n, Path(tmp))
        print("\n".join(rows), flush=True)


if __name__ == "__main__":
    main()
