"""What `mkdocs serve` does when one entry changes, without the web server: build once, edit one entry, load a
fresh config and build again in the same process. Prints the second build's seconds as JSON.

An idle thread stands in for the server's own (MkDocs serves HTTP and watches files in two threads while it builds in
the main one): with other threads running, the generator does not fork (generator/workers.py), as under `mkdocs serve`.

Run in the project folder: python -m benchmarks.serve_rebuild SITE_DIR ENTRY_JSON [--dirty] [--remove] [--again]
[--tamper SITE_FILE] (--remove: the change is the entry's removal, not an edit; --again: a second edit and rebuild
after the measured one, which reuses what two builds kept; --tamper: that file of the served site is changed by hand
before the last rebuild, which must write it again)"""
from __future__ import annotations

import json
import logging
import sys
import threading
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from benchmarks.measure import cpu_seconds

MARKER = "markerincremental"  # a word the rebuilt search index must hold once (and the old index not at all)


def edit(entry: Path, marker: str) -> None:
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["root_cause"] = f"{data['root_cause']} {marker}."
    entry.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def main(site_dir: str, entry: str, dirty: bool, remove: bool = False, again: bool = False,
         tamper: str | None = None) -> None:
    logging.basicConfig(level=logging.WARNING)
    server = threading.Event()
    threading.Thread(target=server.wait, daemon=True).start()
    config = load_config(site_dir=site_dir)
    config.plugins.on_startup(command="serve", dirty=dirty)
    build(config, dirty=dirty)
    if remove:
        Path(entry).unlink()
    else:
        edit(Path(entry), MARKER)
    from generator.build import search_index, serve_cache
    search_index.PAGEFIND_RUNS[0] = 0
    start, cpu = time.perf_counter(), cpu_seconds()
    config = load_config(site_dir=site_dir)  # serve's builder loads a fresh config for every rebuild
    build(config, dirty=dirty)
    result = {"rebuild_s": time.perf_counter() - start, "rebuild_cpu_s": cpu_seconds() - cpu,
              "pages_rendered": serve_cache.RENDERED[0], "languages_indexed": search_index.PAGEFIND_RUNS[0]}
    if again:
        edit(Path(entry), MARKER + "again")
    if tamper:
        (Path(site_dir) / tamper).write_text("changed by hand", encoding="utf-8")
    if again or tamper:
        build(load_config(site_dir=site_dir), dirty=dirty)
    print(json.dumps(result))
    server.set()


if __name__ == "__main__":
    args = sys.argv
    main(args[1], args[2], "--dirty" in args, "--remove" in args, "--again" in args,
         args[args.index("--tamper") + 1] if "--tamper" in args else None)
