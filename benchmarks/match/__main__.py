"""Matcher benchmark (numbers, not timed tests): `.venv/bin/python -m benchmarks.match [--sizes 1000,10000]`.

Generates N synthetic entries from the real ones (same text sizes, regexes shaped like the real ones: enum
names, message text, framework assertions with [^`]* parts), then measures paste-to-results for a 200-byte
line and a 20 KB log in the CLI's matcher and in headless Chromium (through the shipped worker, and from
paste to rendered results through the shipped ui.js), the size raw and gzipped per 1,000 entries of each
file the matcher ships (matching index, similarity words, display shards; display shard sizes compared),
and what the home page fetches before any interaction.
"""
from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from generator.load.corpus import load_corpus, to_entry
from generator.match.engine import DISPLAY_SHARD, Index, build_display, match, match_files
from generator.match.ui import ui_config_script
from generator.paths import DOCS_DIR, ENTRIES_DIR, ROOT
from tests.browser import browser, serve

WORDS = (
    "invalid", "device", "context", "stream", "capture", "graph", "launch", "kernel", "memory", "allocation",
    "handle", "pointer", "texture", "surface", "peer", "access", "symbol", "module", "function", "driver",
    "runtime", "version", "timeout", "resource", "mapped", "unmapped", "buffer", "array", "event", "sync",
    "object", "operation", "permitted", "configuration", "cooperative", "cluster", "tensor", "map", "profiler",
    "ordinal", "fatal", "hardware", "exception", "instruction", "address", "alignment", "misaligned", "shared",
    "barrier", "warp", "lane", "register", "spill", "occupancy"
)
RUNS = 40


def synthetic_entries(n: int, seed: int = 7) -> list:
    rng = random.Random(seed)
    real = [e.raw for e in load_corpus(ENTRIES_DIR).entries]
    out = []
    for k in range(n):
        d = json.loads(json.dumps(rng.choice(real)))
        msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 9))) + f" {k}"
        camel = "".join(w.title() for w in msg.split()[:3]) + str(k)
        shape = k % 3
        if shape == 0:
            regex = f"\\bcudaErrorSyn{camel}\\b|\\bCUDA_ERROR_SYN_{k}\\b|{msg}"
            sig = f"cudaErrorSyn{camel}: {msg}"
        elif shape == 1:
            regex = f"Assertion `[^`]*{msg}[^`]*` failed"
            sig = f"/pytorch/aten/src/ATen/native/cuda/X.cu:1: k: block: [0,0,0] Assertion `{msg}` failed."
        else:
            regex = f"{msg.split()[0].title()}Error: {msg}(?: \\(code [0-9]+\\))?"
            sig = f"{msg.split()[0].title()}Error: {msg} (code 3)"
        d.update(id=f"cuda/syn-{k}", signature=sig, regex=regex, error_code=None, aliases=[], samples=[],
                 near_misses=[], overlaps=[])
        out.append(to_entry(d, f"entries/cuda/syn-{k}.json"))
    return out


def pastes(entries: list, rng: random.Random) -> tuple[list[str], list[str]]:
    """(200-byte lines, 20 KB logs), each containing one synthetic entry's error."""
    lines, logs = [], []
    noise = [f"  File \"/opt/app/module_{i}.py\", line {i * 7}, in step_{i}\n    out = model(batch_{i})\n"
             for i in range(400)]
    for _ in range(RUNS):
        e = rng.choice(entries)
        line = (e.signature.replace("` failed", "` failed.") + " " + "x" * 200)[:200]
        lines.append(line)
        body = "Traceback (most recent call last):\n" + "".join(rng.choice(noise) for _ in range(400))
        logs.append(body[:20_000 - len(line) - 1] + "\n" + line)
    return lines, logs


def stats(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"{statistics.median(ms):.2f} / {p95:.2f}"


def python_times(files: dict, texts: list[str]) -> list[float]:
    index = Index.load(files["match-index.json"], files["match-words.json"])
    match(index, texts[0])  # compile caches warm, as in a long-running tool
    out = []
    for t in texts:
        start = time.perf_counter()
        match(index, t)
        out.append((time.perf_counter() - start) * 1000)
    return out


def cli_process_seconds(index_file: Path, texts: list[str]) -> float:
    stdin = "\n".join(json.dumps(t) for t in texts) + "\n"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "match", "--jsonl", "--index", str(index_file)],
                   input=stdin, capture_output=True, text=True, cwd=ROOT, check=False)
    return time.perf_counter() - start


BENCH_HTML = """<!doctype html><meta charset="utf-8"><script type="module">
const worker = new Worker("./matcher/worker.js", {type: "module"});
let n = 0; const waiting = new Map();
worker.onmessage = (e) => {
  const m = e.data;
  if (m.type === "result") { waiting.get(m.id)(m); waiting.delete(m.id); }
};
worker.postMessage({type: "init", indexUrl: new URL("./match-index.json", location.href).href});
window.matchOnce = (text) => new Promise((resolve) => {
  const id = ++n; const t0 = performance.now();
  waiting.set(id, (m) => resolve({ms: performance.now() - t0, n: m.results.length}));
  worker.postMessage({type: "match", id, text, top: 5});
});
</script>"""


def ab_workload() -> tuple[dict, list[str]]:
    """The A/B scripts' workload: the real entries plus 10,000 synthetic ones, and the 40 logs of 20 KB."""
    real = list(load_corpus(ENTRIES_DIR).entries)
    entries = real + synthetic_entries(10_000)
    _, logs = pastes(entries[len(real):], random.Random(5))
    return match_files(entries), logs


@contextlib.contextmanager
def ui_site(files: dict) -> Iterator[str]:
    """A page laid out like the site's, serving the shipped matcher with these index files: its URL."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shutil.copytree(DOCS_DIR / "assets/javascripts/matcher", d / "assets/javascripts/matcher")
        write_files(d / "assets/generated", files)
        (d / "index.html").write_text(UI_HTML.replace("CONFIG", ui_config_script("en")), encoding="utf-8")
        with serve(d) as base:
            yield base


def write_files(folder: Path, files: dict) -> None:
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def chromium_times(chromium, files: dict, lines: list[str], logs: list[str]) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shutil.copytree(DOCS_DIR / "assets/javascripts/matcher", d / "matcher")
        write_files(d, files)
        (d / "index.html").write_text(BENCH_HTML, encoding="utf-8")
        with serve(d) as base:
            page = chromium.new_page()
            page.goto(base + "/index.html")
            page.evaluate("matchOnce('warm up')")  # includes loading the index once
            out = []
            for texts in (lines, logs):
                ms = []
                for t in texts:
                    r = page.evaluate("(t) => matchOnce(t)", t)
                    assert r["n"] > 0
                    ms.append(r["ms"])
                out.append(ms)
            page.close()
            return out[0], out[1]


UI_HTML = """<!doctype html><meta charset="utf-8">
<script type="application/json" id="ee-match-config">CONFIG</script><div id="ee-paste"></div>
<script type="module" src="assets/javascripts/matcher/ui.js"></script><script>
window.pasteOnce = (text) => new Promise((resolve) => {
  const marks = (name) => performance.getEntriesByName(name);
  const before = marks("ee-match-rendered").length;
  const area = document.getElementById("ee-match-input");
  area.value = text;
  area.dispatchEvent(new Event("input"));
  const poll = () => {
    if (marks("ee-match-rendered").length === before) { setTimeout(poll, 5); return; }
    const t0 = marks("ee-match-start").at(-1).startTime;
    resolve({matched: marks("ee-match-matched").at(-1).startTime - t0,
             rendered: marks("ee-match-rendered").at(-1).startTime - t0,
             n: document.querySelectorAll(".ee-match__result").length});
  };
  poll();
});
</script>"""


def chromium_rendered(chromium, files: dict, logs: list[str]) -> tuple[list[float], list[float], list[float]]:
    """The shipped ui.js from paste to results on the page (the 120 ms typing debounce left out):
    (matched, rendered with each display shard fetched on its first use, rendered again with all cached)."""
    with ui_site(files) as base:
        page = chromium.new_page()
        page.goto(base + "/index.html")
        page.wait_for_function("document.getElementById('ee-match-input') !== null")
        page.evaluate("pasteOnce('CUDA error: warm up')")  # worker start and index download
        first = [page.evaluate("(t) => pasteOnce(t)", t) for t in logs]
        again = [page.evaluate("(t) => pasteOnce(t)", t) for t in logs]
        page.close()
        assert all(r["n"] > 0 for r in first + again)
        return [r["matched"] for r in first], [r["rendered"] for r in first], [r["rendered"] for r in again]


# A long paste: a 5 MB training log whose traceback is in its last lines (the matcher reads both ends).
LONG_NOISE = ("[step 1200] loss=0.4817 lr=1.0e-04 grad_norm=2.31 throughput=812.5 samples/s eta=3:12:09 "
              "gpu_mem=61.2GiB\n")
LONG_TIMES = 5_000_000 // len(LONG_NOISE) + 1
LONG_RUNS = 5


def long_paste(entries: list) -> str:
    return LONG_NOISE * LONG_TIMES + entries[len(entries) // 2].signature + "\n"


PASTE_BIG = """async ([noise, times, tail]) => {
  const data = new DataTransfer();
  data.setData("text/plain", noise.repeat(times) + tail);
  const area = document.getElementById("ee-match-input");
  area.value = "";
  const before = performance.getEntriesByName("ee-match-rendered").length;
  const t0 = performance.now();
  area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
  while (performance.getEntriesByName("ee-match-rendered").length === before) {
    await new Promise((r) => setTimeout(r, 5));
  }
  return {rendered: performance.now() - t0, n: document.querySelectorAll(".ee-match__result").length,
          cut: document.querySelectorAll(".ee-match__cut").length};
}"""


def long_paste_times(chromium, files: dict, folder: Path, entries: list) -> tuple[list[float], float, list[float]]:
    """(CLI matcher ms, CLI process s, Chromium page paste-to-rendered ms) for the 5 MB log; the page is the
    shipped ui.js, the paste a real paste event, a fresh page each time (worker start and index included)."""
    text = long_paste(entries)
    py = python_times(files, [text] * LONG_RUNS)
    log = folder / "long.log"
    log.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "match", "--index", str(folder / "match-index.json"), str(log)],
                   capture_output=True, text=True, cwd=ROOT, check=False)
    cli_s = time.perf_counter() - start
    ui = []
    with ui_site(files) as base:
        for _ in range(LONG_RUNS):
            page = chromium.new_page()
            page.goto(base + "/index.html")
            page.wait_for_function("document.getElementById('ee-match-input') !== null")
            r = page.evaluate(PASTE_BIG, [LONG_NOISE, LONG_TIMES, text[len(LONG_NOISE) * LONG_TIMES:]])
            assert r["n"] > 0 and r["cut"] == 1
            ui.append(r["rendered"])
            page.close()
    return py, cli_s, ui


def gz_len(data: dict) -> tuple[int, int]:
    b = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return len(b), len(gzip.compress(b, 9))


def display_options(entries: list, files: dict, logs: list[str]) -> list[tuple]:
    """Per display layout: (shard size or 0 for one file per language, files per language, en raw/gz total,
    zh raw/gz total, median and worst gz bytes fetched to show one paste's top 5 results (en))."""
    index = Index.load(files["match-index.json"], files["match-words.json"])
    result_ids = [[r.id for r in match(index, t).results] for t in logs]
    out = []
    for size in (0, 128, 256, 512):
        shard = size or len(entries)
        sizes = {lang: [gz_len(s) for s in build_display(entries, lang, shard)] for lang in ("en", "zh")}
        per_paste = [sum(sizes["en"][k][1] for k in {index.by_id[i] // shard for i in ids}) for ids in result_ids]
        worst = sum(sorted((g for _, g in sizes["en"]), reverse=True)[:5])
        out.append((size, len(sizes["en"]), *(sum(x[j] for x in sizes[lang]) for lang in ("en", "zh") for j in (0, 1)),
                    statistics.median(per_paste), worst))
    return out


def home_page_bytes(chromium, site: Path) -> tuple[int, list[str]]:
    with serve(site) as base:
        page = chromium.new_page()
        sizes: dict[str, int] = {}
        page.on("response", lambda r: sizes.__setitem__(r.url, len(r.body()) if r.ok else 0))
        page.goto(base + "/")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        page.close()
        return sum(sizes.values()), sorted(u.replace(base, "") for u in sizes)


def build_real_site(work: Path) -> Path:
    from tests.sitebuild import build_site
    site, proc = build_site(ENTRIES_DIR, work)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr[-2000:])
    return site


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000")
    args = ap.parse_args()
    rng = random.Random(11)
    rows, options, long_rows = [], [], []
    with browser() as chromium, tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            entries = synthetic_entries(n)
            files = match_files(entries)
            folder = Path(tmp) / f"files-{n}"
            write_files(folder, files)
            lines, logs = pastes(entries, rng)
            py_line, py_log = python_times(files, lines), python_times(files, logs)
            cli_s = cli_process_seconds(folder / "match-index.json", logs)
            js_line, js_log = chromium_times(chromium, files, lines, logs)
            ui_matched, ui_first, ui_again = chromium_rendered(chromium, files, logs)
            long_rows.append((n, *long_paste_times(chromium, files, folder, entries)))
            sizes = {"index": gz_len(files["match-index.json"]), "words": gz_len(files["match-words.json"])}
            for lang in ("en", "zh"):
                parts = [gz_len(v) for k, v in files.items() if k.startswith(f"match-display/{lang}/")]
                sizes[lang] = (sum(a for a, _ in parts), sum(b for _, b in parts))
            rows.append((n, sizes, stats(py_line), stats(py_log), cli_s, stats(js_line), stats(js_log),
                         stats(ui_matched), stats(ui_first), stats(ui_again)))
            options.append((n, display_options(entries, files, logs)))
        site = build_real_site(Path(tmp) / "site-build")
        home_bytes, home_urls = home_page_bytes(chromium, site)
    per_k = lambda n, pair: f"{pair[0] * 1000 / n / 1024:.0f} / {pair[1] * 1000 / n / 1024:.1f}"  # noqa: E731
    print("Sizes, raw / gzip per 1,000 entries (KB):\n")
    print("| entries | match-index.json (fetched on focus) | match-words.json (only when nothing matches exactly) "
          f"| match-display/en/*.json ({DISPLAY_SHARD} entries a shard) | match-display/zh/*.json |")
    print("|---|---|---|---|---|")
    for n, sizes, *_ in rows:
        print(f"| {n:,} | {per_k(n, sizes['index'])} | {per_k(n, sizes['words'])} | {per_k(n, sizes['en'])} "
              f"| {per_k(n, sizes['zh'])} |")
    print("\nDisplay layouts (per language; en fetched for the 40 log pastes' top 5 results):\n")
    print("| entries | layout | files per language | en raw / gz per 1,000 (KB) | zh raw / gz per 1,000 (KB) "
          "| en gz fetched per paste, median (KB) | worst case, 5 shards (KB) |")
    print("|---|---|---|---|---|---|---|")
    for n, opts in options:
        for size, count, en_r, en_g, zh_r, zh_g, median, worst in opts:
            layout = "one file per language" if not size else f"shards of {size}"
            print(f"| {n:,} | {layout} | {count} | {per_k(n, (en_r, en_g))} | {per_k(n, (zh_r, zh_g))} "
                  f"| {median / 1024:.1f} | {worst / 1024:.1f} |")
    print("\nTimes (median / p95, ms; CLI process in s):\n")
    print("| entries | CLI matcher 200 B line | CLI matcher 20 KB log "
          f"| CLI process, {RUNS} logs via --jsonl (s) | Chromium worker 200 B line | Chromium worker 20 KB log "
          "| Chromium page, 20 KB log: paste to matched | paste to rendered (display shard fetched) "
          "| paste to rendered (shard cached) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n, _, pl, pg, cli_s, jl, jg, um, uf, ua in rows:
        print(f"| {n:,} | {pl} | {pg} | {cli_s:.2f} | {jl} | {jg} | {um} | {uf} | {ua} |")
    print(f"\nA 5 MB log with the error in its last line (median / p95 over {LONG_RUNS}; the matcher reads its "
          "first and last 524,288 characters):\n")
    print("| entries | CLI matcher (ms) | CLI process, one paste (s) "
          "| Chromium page, paste to rendered, fresh page (ms) |")
    print("|---|---|---|---|")
    for n, py, cli_s, ui in long_rows:
        print(f"| {n:,} | {stats(py)} | {cli_s:.2f} | {stats(ui)} |")
    print(f"\nHome page before any interaction: {home_bytes / 1024:.0f} KB in {len(home_urls)} requests; "
          f"matcher data fetched: {any('/match-' in u for u in home_urls)}")
    for u in home_urls:
        print("  ", u)


if __name__ == "__main__":
    main()
