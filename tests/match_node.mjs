// Runs the shipped matcher module (docs/assets/javascripts/matcher/matcher.js) in Node for the parity tests:
// stdin {"index": <match-index.json>, "words": <match-words.json>, "pastes": [...], "top": N}
// -> stdout [[{id, kind, score}, ...], ...]; with "details": true, [{results, cut, text}, ...] (the normalised
// text and what was cut, too). Without "words", an answer that needs them fails the run.
import { readFileSync } from "node:fs";
import { MatchIndex, match } from "../docs/assets/javascripts/matcher/matcher.js";

const input = JSON.parse(readFileSync(0, "utf8"));
const index = new MatchIndex(input.index, input.words ?? null);
const out = input.pastes.map((p) => {
  const answer = match(index, p, { top: input.top ?? 5 });
  if (answer.needsWords) throw new Error("needsWords without match-words.json");
  const results = answer.results.map(({ id, kind, score }) => ({ id, kind, score }));
  return input.details ? { results, cut: answer.cut, text: answer.text } : results;
});
process.stdout.write(JSON.stringify(out));
