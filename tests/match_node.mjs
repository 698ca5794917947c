// Runs the shipped matcher module (docs/assets/javascripts/matcher/matcher.js) in Node for the parity tests:
// stdin {"index": <match index>, "pastes": [...], "top": N} -> stdout [[{id, kind, score}, ...], ...].
import { readFileSync } from "node:fs";
import { MatchIndex, match } from "../docs/assets/javascripts/matcher/matcher.js";

const input = JSON.parse(readFileSync(0, "utf8"));
const index = new MatchIndex(input.index);
const out = input.pastes.map((p) => match(index, p, { top: input.top ?? 5 }).results
  .map(({ id, kind, score }) => ({ id, kind, score })));
process.stdout.write(JSON.stringify(out));
