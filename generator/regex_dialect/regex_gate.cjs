// The JavaScript half of the regex gate (generator/regex_dialect/regex_gate.py): a worker that the Python side starts once and
// keeps, one request per line on stdin, one answer per line on stdout (line-delimited JSON), in order:
// request {"regexes": [[source, flags], ...], "texts": [...], "pairs": [[regex, text], ...],
//          "recheck_todo": [regex, ...], "recheck_timeout_ms": N, "pair_timeout_ms": N, "budget_ms": N}
// -> answer {"compile": [null | message], "pairs": [bool | null], "overrun": [null | text index],
//            "spent": [regex, ...], "recheck": [null | {status, complexity, attack, error, budget}]}.
// Every regex runs on its texts inside a vm context with a timeout, so a regex that backtracks catastrophically is
// interrupted and reported ("overrun": the text it was stuck on) instead of hanging the check; a request stops
// starting new work once its budget_ms is spent ("spent": regexes whose texts were not tried, recheck verdicts
// with budget: true). The Python side kills this process if a request overruns anyway, and starts a new one for
// the next request. The worker exits when stdin closes.
// CommonJS, so that NODE_PATH (set by the Python side to the project's node_modules) finds `recheck`.
"use strict";

const readline = require("node:readline");
const vm = require("node:vm");

const script = new vm.Script("for (const p of todo) { results[p] = rx.test(texts[pairs[p][1]]); done.push(p); }");
let recheck; // loaded on the first request that needs it (undefined: not tried yet; null: not installed)

function answer(input) {
  const start = Date.now();
  const left = () => input.budget_ms - (Date.now() - start);
  const compiled = input.regexes.map(([source, flags]) => {
    try {
      return new RegExp(source, "u" + flags);
    } catch (err) {
      return String(err.message || err);
    }
  });
  const out = {
    compile: compiled.map((rx) => (typeof rx === "string" ? rx : null)),
    pairs: input.pairs.map(() => null),
    overrun: input.regexes.map(() => null),
    spent: [],
    recheck: null,
  };

  // The pairs of each regex, run together under one timeout; `done` shows how far a run got when it was stopped.
  const byRegex = new Map();
  input.pairs.forEach(([r, t], p) => {
    if (typeof compiled[r] === "string") return;
    if (!byRegex.has(r)) byRegex.set(r, []);
    byRegex.get(r).push(p);
  });
  // One context for the request, its regex and pairs swapped in per run (a context per regex cost ~0.3 ms each).
  const ctx = vm.createContext({ rx: null, texts: input.texts, pairs: input.pairs, todo: [], results: out.pairs,
                                 done: [] });
  for (const [r, todo] of byRegex) {
    const timeout = Math.min(input.pair_timeout_ms, left());
    if (timeout < 1) {
      out.spent.push(r);
      continue;
    }
    ctx.rx = compiled[r];
    ctx.todo = todo;
    ctx.done = [];
    try {
      script.runInContext(ctx, { timeout });
    } catch (err) {
      if (err && err.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
        const stuck = todo[ctx.done.length];
        out.overrun[r] = input.pairs[stuck][1];
        for (const p of todo) if (!ctx.done.includes(p)) out.pairs[p] = null;
      } else {
        throw err;
      }
    }
  }

  if (input.recheck_todo.length) {
    if (recheck === undefined) {
      try {
        recheck = require("recheck");
      } catch {
        recheck = null;
      }
    }
    if (recheck) {
      const todo = new Set(input.recheck_todo);
      out.recheck = input.regexes.map(([source, flags], i) => {
        if (typeof compiled[i] === "string" || !todo.has(i) || out.overrun[i] !== null) return null;
        const timeout = Math.min(input.recheck_timeout_ms, left());
        if (timeout < 100) {
          return { status: "unknown", complexity: "", attack: "", error: "the check's time budget was spent", budget: true };
        }
        // No wall-clock limit inside the analysis (incubation, attack, seeding): with those, a loaded machine changed
        // the verdict ("safe" on a quiet run, "unknown: timeout" on a busy one). Step limits (characters read, a
        // fixed PRNG seed) bound it instead, so the verdict depends only on the regex; `timeout` stays as a hang guard.
        const r = recheck.checkSync(source, "u" + flags, {
          timeout, incubationTimeout: null, attackTimeout: null, seedingTimeout: null, attackLimit: 10000000, randomSeed: 0,
        });
        const complexity = r.complexity ? r.complexity.type + (r.complexity.degree ? ` (degree ${r.complexity.degree})` : "") : "";
        const attack = r.attack ? r.attack.pattern : "";
        const error = r.error ? String(r.error.kind || r.error.message || "") : "";
        // A timeout says nothing about the regex (only the guard can time out, and only on a stalled machine): not
        // cached, tried again next run.
        return { status: r.status, complexity, attack, error, budget: error === "timeout" };
      });
    }
  }
  return out;
}

// Requests are answered one at a time, in order: each is synchronous, so lines queue in readline meanwhile.
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + "\n");
});
lines.on("close", () => process.exit(0));
