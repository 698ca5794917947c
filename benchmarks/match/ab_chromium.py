"""A/B in Chromium: the shipped matcher at a git revision (default HEAD) vs the working tree's, two workers in one
page, interleaved, 10,000 synthetic entries, the 40 logs of 20 KB, 6 rounds. Both see the same machine load, so
the difference is the code's: `.venv/bin/python -m benchmarks.match.ab_chromium [REV]`."""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.match.__main__ import ab_workload, write_files
from generator.paths import DOCS_DIR, ROOT
from tests.browser import browser, serve

HTML = """<!doctype html><meta charset="utf-8"><script type="module">
function worker(dir) {
  const w = new Worker(`./${dir}/worker.js`, {type: "module"}); let n = 0; const waiting = new Map();
  w.onmessage = (e) => { const m = e.data; if (m.type === "result") { waiting.get(m.id)(m); waiting.delete(m.id); } };
  w.postMessage({type: "init", indexUrl: new URL("./match-index.json", location.href).href});
  return (text) => new Promise((resolve) => { const id = ++n; const t0 = performance.now();
    waiting.set(id, (m) => resolve({ms: performance.now() - t0, n: m.results.length}));
    w.postMessage({type: "match", id, text, top: 5}); });
}
window.A = worker("a"); window.B = worker("b");
</script>"""
MATCHER = "docs/assets/javascripts/matcher"


def stats(ms: list[float]) -> str:
    return f"{statistics.median(ms):.2f} / {sorted(ms)[int(0.95 * (len(ms) - 1))]:.2f}"


def main() -> None:
    rev = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    files, logs = ab_workload()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shutil.copytree(DOCS_DIR / "assets/javascripts/matcher", d / "b")
        (d / "a").mkdir()
        for name in ("matcher.js", "worker.js"):
            shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{MATCHER}/{name}"],
                                   capture_output=True, text=True, check=True)
            (d / "a" / name).write_text(shown.stdout, encoding="utf-8")
        write_files(d, files)
        (d / "index.html").write_text(HTML, encoding="utf-8")
        with browser() as chromium, serve(d) as base:
            page = chromium.new_page()
            page.goto(base + "/index.html")
            page.evaluate("Promise.all([A('warm up'), B('warm up')])")
            ta, tb = [], []
            for _ in range(6):
                for text in logs:
                    a = page.evaluate("(t) => A(t)", text)
                    b = page.evaluate("(t) => B(t)", text)
                    assert a["n"] == b["n"] > 0
                    ta.append(a["ms"])
                    tb.append(b["ms"])
    print(f"{rev}: median / p95 {stats(ta)} ms")
    print(f"working tree: median / p95 {stats(tb)} ms")


if __name__ == "__main__":
    main()
