// Web Worker: loads the matching index once and answers pastes, so no pattern and no input can freeze the page.
// Before each entry's regex runs it says which entry that is: when the page stops this worker for overrunning
// its time budget, it knows the culprit and starts a new worker without it. The similarity words are fetched
// the first time nothing matches exactly ("paused" tells the page that the download does not count against
// the budget). Display text is not here: the page fetches it for the results it shows (see ui.js).
import { MatchIndex, match } from "./matcher.js";

let index = null;
let exclude = [];
let wordsUrl = null;
let words = null;

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function load(url) {
  index = new MatchIndex(await fetchJson(url));
  wordsUrl = new URL("match-words.json", url).href;
}

function loadWords() {
  if (!words) words = fetchJson(wordsUrl).then((raw) => index.setWords(raw));
  return words;
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
  const run = () => {
    self.postMessage({ type: "started", id: msg.id });
    return match(index, msg.text, {
      top: msg.top || 5,
      exclude,
      onRegex: (entry) => self.postMessage({ type: "progress", id: msg.id, entry }),
    });
  };
  let answer = run();
  if (answer.needsWords) {
    self.postMessage({ type: "paused", id: msg.id });
    try {
      await loadWords();
    } catch (err) {
      words = null;
      self.postMessage({ type: "error", message: String(err && err.message ? err.message : err) });
      return;
    }
    answer = run();
  }
  const rows = answer.results.map((r) => ({ ...r, shard: index.shardOf(r.id) }));
  self.postMessage({ type: "result", id: msg.id, text: answer.text, cut: answer.cut, results: rows });
};
