// Web Worker: loads the match index once and answers pastes, so no pattern and no input can freeze the page.
// Before each entry's regex runs it says which entry that is: when the page stops this worker for overrunning
// its time budget, it knows the culprit and starts a new worker without it.
import { MatchIndex, match } from "./matcher.js";

let index = null;
let exclude = [];

async function load(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  index = new MatchIndex(await response.json());
}

let ready = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    exclude = msg.exclude || [];
    ready = load(msg.indexUrl);
    ready.then(() => self.postMessage({ type: "ready" }),
      (err) => self.postMessage({ type: "error", message: String(err && err.message ? err.message : err) }));
    return;
  }
  if (msg.type !== "match") return;
  try {
    await ready;
  } catch {
    return; // "error" was already posted
  }
  self.postMessage({ type: "started", id: msg.id });
  const answer = match(index, msg.text, {
    top: msg.top || 5,
    exclude,
    onRegex: (entry) => self.postMessage({ type: "progress", id: msg.id, entry }),
  });
  const rows = answer.results.map((r) => {
    const e = index.entries[index.byId.get(r.id)];
    return { ...r, s: e.s, sz: e.sz, ec: e.ec, w: e.w, wz: e.wz };
  });
  self.postMessage({ type: "result", id: msg.id, text: answer.text, results: rows });
};
