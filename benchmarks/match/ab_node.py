"""A/B in Node: the shipped matcher.js at a git revision (default HEAD) vs the working tree's, in one Node process,
interleaved, on the same index (the real entries plus 10,000 synthetic ones) and the 40 logs of 20 KB, 6 rounds.
Both see the same machine load, so the difference is the code's: `.venv/bin/python -m benchmarks.match.ab_node [REV]`.
Prints the median / p95 per log of `match()` (wall ms) and its mean CPU time (process.cpuUsage around each call:
less moved by other processes than wall time on a shared machine)."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.match.__main__ import ab_workload, write_files
from generator.paths import DOCS_DIR, ROOT

MATCHER = "docs/assets/javascripts/matcher/matcher.js"
RUNNER = """
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
const [dir] = process.argv.slice(2);
const A = await import(`${dir}/a.mjs`), B = await import(`${dir}/b.mjs`);
const index = JSON.parse(readFileSync(`${dir}/match-index.json`, "utf8"));
const words = JSON.parse(readFileSync(`${dir}/match-words.json`, "utf8"));
const logs = JSON.parse(readFileSync(`${dir}/logs.json`, "utf8"));
const ia = new A.MatchIndex(structuredClone(index), words), ib = new B.MatchIndex(structuredClone(index), words);
const ta = [], tb = [], ca = [], cb = [];
for (let k = 0; k < 3; k++) for (const t of logs) { A.match(ia, t); B.match(ib, t); }  // warm up: compile, JIT
const cpuMs = (c) => (c.user + c.system) / 1000;
for (let round = 0; round < 6; round++) {
  for (const t of logs) {
    let c = process.cpuUsage(), s = performance.now(); const ra = A.match(ia, t);
    ta.push(performance.now() - s); ca.push(cpuMs(process.cpuUsage(c)));
    c = process.cpuUsage(); s = performance.now(); const rb = B.match(ib, t);
    tb.push(performance.now() - s); cb.push(cpuMs(process.cpuUsage(c)));
    if (!ra.results.length || !rb.results.length) throw new Error("a log without results");
  }
}
const q = (xs, p) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))];
const sum = (xs) => xs.reduce((x, y) => x + y, 0);
const side = (t, c) => [q(t, 0.5), q(t, 0.95), sum(c) / c.length];
console.log(JSON.stringify({a: side(ta, ca), b: side(tb, cb)}));
"""


def main() -> None:
    rev = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    files, logs = ab_workload()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{MATCHER}"], capture_output=True, text=True,
                               check=True)
        (d / "a.mjs").write_text(shown.stdout, encoding="utf-8")
        (d / "b.mjs").write_text((DOCS_DIR / "assets/javascripts/matcher/matcher.js").read_text("utf-8"), "utf-8")
        write_files(d, {k: v for k, v in files.items() if not k.startswith("match-display/")})
        (d / "logs.json").write_text(json.dumps(logs), encoding="utf-8")
        (d / "run.mjs").write_text(RUNNER, encoding="utf-8")
        proc = subprocess.run(["node", str(d / "run.mjs"), str(d)], capture_output=True, text=True, check=True)
    out = json.loads(proc.stdout)
    for name, (median, p95, cpu) in ((rev, out["a"]), ("working tree", out["b"])):
        print(f"{name}: matcher.js median / p95 {median:.2f} / {p95:.2f} ms wall, mean {cpu:.2f} ms CPU per 20 KB log")


if __name__ == "__main__":
    main()
