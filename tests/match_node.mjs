// Runs the shipped matcher module (docs/assets/javascripts/matcher/matcher.js) in Node for the parity tests.
// One request: stdin {"index": <match-index.json>, "words": <match-words.json>, "pastes": [...], "top": N}
// -> stdout [[{id, kind, score}, ...], ...]; with "details": true, [{results, cut, text}, ...] (the normalised
// text and what was cut, too). Without "words", an answer that needs them fails the run.
// With --lines it serves one request per stdin line and answers each on one stdout line ({"answers": ...} or
// {"error": ...}); a request without "index" reuses the last index, so a test process loads it once, not per test.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { MatchIndex, match } from "../docs/assets/javascripts/matcher/matcher.js";

function answer(index, input) {
  return input.pastes.map((p) => {
    const a = match(index, p, { top: input.top ?? 5 });
    if (a.needsWords) throw new Error("needsWords without match-words.json");
    const results = a.results.map(({ id, kind, score }) => ({ id, kind, score }));
    return input.details ? { results, cut: a.cut, text: a.text } : results;
  });
}

if (process.argv.includes("--lines")) {
  let index = null;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    let reply;
    try {
      const input = JSON.parse(line);
      if (input.index) index = new MatchIndex(input.index, input.words ?? null);
      if (!index) throw new Error("no index loaded");
      reply = { answers: answer(index, input) };
    } catch (e) {
      reply = { error: String(e && e.stack ? e.stack : e) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
} else {
  const input = JSON.parse(readFileSync(0, "utf8"));
  process.stdout.write(JSON.stringify(answer(new MatchIndex(input.index, input.words ?? null), input)));
}
