// The JavaScript half of the regex gate (generator/regex_gate.py), run once per build for every regex:
// stdin {"regexes": [[source, flags], ...], "texts": [...], "pairs": [[regex, text], ...], "recheck": bool}
// -> stdout {"compile": [null | message], "pairs": [bool | null], "recheck": [null | {status, complexity}] | null}.
// CommonJS, so that NODE_PATH (set by the Python side to the project's node_modules) finds `recheck`.
"use strict";

const { readFileSync } = require("node:fs");

const input = JSON.parse(readFileSync(0, "utf8"));
const compiled = input.regexes.map(([source, flags]) => {
  try {
    return new RegExp(source, "u" + flags);
  } catch (err) {
    return String(err.message || err);
  }
});
const out = {
  compile: compiled.map((rx) => (typeof rx === "string" ? rx : null)),
  pairs: input.pairs.map(([r, t]) => (typeof compiled[r] === "string" ? null : compiled[r].test(input.texts[t]))),
  recheck: null,
  recheck_version: null,
};

if (input.recheck) {
  let recheck = null;
  try {
    recheck = require("recheck");
    out.recheck_version = require("recheck/package.json").version;
  } catch {
    recheck = null;
  }
  if (recheck) {
    out.recheck = input.regexes.map(([source, flags], i) => {
      if (typeof compiled[i] === "string" || !input.recheck_todo.includes(i)) return null;
      const r = recheck.checkSync(source, "u" + flags, { timeout: input.recheck_timeout_ms });
      const complexity = r.complexity ? r.complexity.type + (r.complexity.degree ? ` (degree ${r.complexity.degree})` : "") : "";
      const attack = r.attack ? r.attack.pattern : "";
      return { status: r.status, complexity, attack, error: r.error ? String(r.error.kind || r.error.message || "") : "" };
    });
  }
}
process.stdout.write(JSON.stringify(out));
