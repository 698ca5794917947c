"""Matcher benchmark (numbers, not timed tests): `.venv/bin/python -m benchmarks.match [--sizes 1000,10000]`.

Generates N synthetic entries from the real ones (same text sizes, regexes shaped like the real ones: enum
names, message text, framework assertions with [^`]* parts), then measures paste-to-results for a 200-byte
line and a 20 KB log in the CLI's matcher and in headless Chromium (through the shipped worker), the index
size raw and gzipped per 1,000 entries, and what the home page fetches before any interaction.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.load import load_corpus, to_entry
from generator.match import Index, build_index, match
from generator.paths import DOCS_DIR, ENTRIES_DIR, ROOT
from tests.browser import browser, serve

WORDS = ("invalid device context stream capture graph launch kernel memory allocation handle pointer texture "
         "surface peer access symbol module function driver runtime version timeout resource mapped unmapped "
         "buffer array event sync object operation permitted configuration cooperative cluster tensor map "
         "profiler ordinal fatal hardware exception instruction address alignment misaligned shared barrier "
         "warp lane register spill occupancy").split()
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
        logs.append((body[:20_000 - len(line) - 1] + "\n" + line))
    return lines, logs


def stats(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"{statistics.median(ms):.2f} / {p95:.2f}"


def python_times(raw: dict, texts: list[str]) -> list[float]:
    index = Index.load(raw)
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
worker.onmessage = (e) => { const m = e.data; if (m.type === "result") { waiting.get(m.id)(m); waiting.delete(m.id); } };
worker.postMessage({type: "init", indexUrl: new URL("./match-index.json", location.href).href});
window.matchOnce = (text) => new Promise((resolve) => {
  const id = ++n; const t0 = performance.now();
  waiting.set(id, (m) => resolve({ms: performance.now() - t0, n: m.results.length}));
  worker.postMessage({type: "match", id, text, top: 5});
});
</script>"""


def chromium_times(chromium, raw: dict, lines: list[str], logs: list[str]) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shutil.copytree(DOCS_DIR / "assets/javascripts/matcher", d / "matcher")
        (d / "match-index.json").write_text(json.dumps(raw, separators=(",", ":")), encoding="utf-8")
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
    rows = []
    with browser() as chromium, tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            entries = synthetic_entries(n)
            raw = build_index(entries)
            data = json.dumps(raw, ensure_ascii=False, separators=(",", ":")).encode()
            slim = dict(raw, entries=[{k: v for k, v in e.items() if k in ("id", "re", "fl", "lit", "nm", "cd")}
                                      for e in raw["entries"]])
            slim_data = json.dumps(slim, ensure_ascii=False, separators=(",", ":")).encode()
            index_file = Path(tmp) / f"index-{n}.json"
            index_file.write_bytes(data)
            lines, logs = pastes(entries, rng)
            py_line, py_log = python_times(raw, lines), python_times(raw, logs)
            cli_s = cli_process_seconds(index_file, logs)
            js_line, js_log = chromium_times(chromium, raw, lines, logs)
            rows.append((n, len(data), len(gzip.compress(data, 9)), len(slim_data), len(gzip.compress(slim_data, 9)),
                         stats(py_line), stats(py_log), cli_s, stats(js_line), stats(js_log)))
        site = build_real_site(Path(tmp) / "site-build")
        home_bytes, home_urls = home_page_bytes(chromium, site)
    print("| entries | index raw / gzip per 1,000 (KB) | matching fields only, raw / gzip per 1,000 (KB) "
          "| CLI matcher 200 B line, median / p95 (ms) | CLI matcher 20 KB log (ms) "
          f"| CLI process, {RUNS} logs via --jsonl (s) | Chromium worker 200 B line (ms) | Chromium worker 20 KB log (ms) |")
    print("|---|---|---|---|---|---|---|---|")
    for n, raw_b, gz_b, slim_b, slim_gz, pl, pg, cli_s, jl, jg in rows:
        k = 1000 / n
        print(f"| {n:,} | {raw_b * k / 1024:.0f} / {gz_b * k / 1024:.1f} | {slim_b * k / 1024:.0f} / "
              f"{slim_gz * k / 1024:.1f} | {pl} | {pg} | {cli_s:.2f} | {jl} | {jg} |")
    print(f"\nHome page before any interaction: {home_bytes / 1024:.0f} KB in {len(home_urls)} requests; "
          f"match index fetched: {any('match-index' in u for u in home_urls)}")
    for u in home_urls:
        print("  ", u)


if __name__ == "__main__":
    main()
