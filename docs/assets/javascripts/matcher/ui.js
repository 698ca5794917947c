// The paste box (home page and /match/), `?q=` deep links, and error-looking pastes into the header search
// (sent to the match page). UI strings come from the page's #ee-match-config block, rendered from
// generator/l10n/locales/<lang>.yml; text from entries is only ever inserted with textContent.
// Nothing is fetched before the visitor focuses, types or pastes (or opens a `?q=` link); then the worker
// fetches the matching index. The text shown for each result (signature, error code, best workaround in the
// page's language) is fetched here, once per display shard, only for the shards of the results shown.

const HERE = import.meta.url;
const ROOT = new URL("../../../", HERE);
const INDEX_URL = new URL("../../generated/match-index.json", HERE).href;
const DISPLAY_URL = new URL("../../generated/match-display/", HERE);
const WORKER_URL = new URL("./worker.js", HERE);
const BUDGET_MS = 1000;
const MAX_RETRIES = 5;
const STORE_KEY = "ee-match-paste";
const ERRORISH = /cudaError|CUDA_ERROR_|Error\b|Exception\b|Traceback|error:|failed|code=\d/;

const configEl = document.getElementById("ee-match-config");
const config = configEl ? JSON.parse(configEl.textContent) : null;

function pageUrl(path) {
  return new URL(config.prefix + path, ROOT).href;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// `code` spans in entry text become <code> elements; everything stays text (textContent), never HTML.
function withCode(parent, text) {
  String(text).split("`").forEach((part, i) => {
    if (!part) return;
    parent.appendChild(i % 2 ? el("code", null, part) : document.createTextNode(part));
  });
  return parent;
}

function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

// Runs matches in a worker with a time budget; on overrun it stops the worker, names the entry whose regex
// was running in the console, and answers again without that entry.
class Matcher {
  constructor(strings) {
    this.t = strings;
    this.worker = null;
    this.excluded = [];
    this.seq = 0;
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(WORKER_URL, { type: "module" });
    this.worker.postMessage({ type: "init", indexUrl: INDEX_URL, exclude: this.excluded });
  }

  run(text, attempt = 0) {
    this.start();
    const worker = this.worker;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      let culprit = null;
      let timer = null;
      const done = () => {
        clearTimeout(timer);
        worker.removeEventListener("message", onMessage);
      };
      const onMessage = (event) => {
        const msg = event.data;
        if (msg.type === "error") {
          done();
          reject(new Error(msg.message));
        } else if (msg.id !== id) {
          return;
        } else if (msg.type === "started") {
          clearTimeout(timer);
          timer = setTimeout(onOverrun, BUDGET_MS); // the index download does not count against the budget
        } else if (msg.type === "paused") {
          clearTimeout(timer); // nor does the similarity words' download
        } else if (msg.type === "progress") {
          culprit = msg.entry;
        } else if (msg.type === "result") {
          done();
          resolve(msg);
        }
      };
      const onOverrun = () => {
        done();
        worker.terminate();
        if (this.worker === worker) this.worker = null;
        console.warn(format(this.t.match_slow_console, { id: culprit || "?", ms: BUDGET_MS }));
        if (!culprit || attempt >= MAX_RETRIES) {
          reject(new Error("time budget exceeded"));
          return;
        }
        this.excluded.push(culprit);
        this.run(text, attempt + 1).then(resolve, reject);
      };
      worker.addEventListener("message", onMessage);
      worker.postMessage({ type: "match", id, text, top: 5 });
    });
  }
}

// Display shards, fetched once each: shard number -> promise of {id: {s, ec, w}}.
const shards = new Map();

function displayShard(k) {
  if (!shards.has(k)) {
    const url = new URL(`${config.lang}/${k}.json`, DISPLAY_URL);
    const p = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    }).then((data) => data.entries);
    p.catch(() => shards.delete(k)); // a failed download is tried again on the next paste
    shards.set(k, p);
  }
  return shards.get(k);
}

// The answer's results with their display text; an entry missing from its shard shows its id.
async function withDisplay(answer) {
  const wanted = [...new Set(answer.results.map((r) => r.shard))];
  const loaded = new Map(await Promise.all(wanted.map(async (k) => [k, await displayShard(k)])));
  const results = answer.results.map((r) => {
    const shard = loaded.get(r.shard);
    return { ...r, ...(Object.hasOwn(shard, r.id) ? shard[r.id] : { s: r.id }) };
  });
  return { ...answer, results };
}

// The matched text with its line, highlighted: the lines the match spans, cut around it.
function excerpt(text, start, end) {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  let lineEnd = text.indexOf("\n", end);
  if (lineEnd < 0) lineEnd = text.length;
  const from = Math.max(lineStart, start - 120);
  const to = Math.min(lineEnd, end + 120, start + 600);
  const box = el("pre", "ee-match__excerpt");
  const code = el("code");
  code.appendChild(document.createTextNode((from > lineStart ? "…" : "") + text.slice(from, start)));
  code.appendChild(el("mark", null, text.slice(start, Math.min(end, to))));
  code.appendChild(document.createTextNode(text.slice(Math.min(end, to), to) + (to < lineEnd ? "…" : "")));
  box.appendChild(code);
  return box;
}

// What of the paste the matcher did not read (generator/match/engine.py: normalise_cut), in words.
function cutNotes(cut, t) {
  const limits = config.limits;
  const n = (x) => x.toLocaleString("en-US");
  const notes = [];
  if (cut && cut.paste) notes.push(format(t.match_cut_paste, { half: n(Math.floor(limits.max_chars / 2)) }));
  if (cut && cut.lines) {
    notes.push(format(t.match_cut_lines, { count: n(cut.lines), max: n(limits.max_line),
      keep: n(Math.floor((limits.max_line - 3) / 2)) }));
  }
  return notes;
}

function renderResults(box, answer, t) {
  box.replaceChildren();
  for (const note of cutNotes(answer.cut, t)) box.appendChild(el("p", "ee-match__cut", note));
  const results = answer.results;
  if (!results.length) {
    box.appendChild(el("p", "ee-match__none", t.match_none));
    const button = el("button", "md-button ee-match__search", t.match_full_text);
    button.type = "button";
    button.addEventListener("click", () => openSiteSearch(answer.text));
    box.appendChild(button);
    return;
  }
  const similar = results[0].kind === "similar";
  box.appendChild(el("p", "ee-match__heading", similar ? t.match_similar : t.match_exact));
  const list = el("ol", "ee-match__results");
  for (const r of results) {
    const item = el("li", "ee-match__result" + (similar ? " ee-match__result--similar" : ""));
    item.dataset.entry = r.id;
    const title = el("a", "ee-match__title");
    title.href = pageUrl(r.id + "/");
    withCode(title, r.s);
    item.appendChild(title);
    const meta = el("p", "ee-match__meta");
    if (r.ec) {
      meta.appendChild(el("span", "ee-match__label", t.error_code + t.colon));
      meta.appendChild(el("code", null, r.ec));
    }
    if (similar) meta.appendChild(el("span", "ee-match__similar", t.match_similar_badge));
    if (r.kind === "cause") meta.appendChild(el("span", "ee-match__cause", t.match_cause_badge));
    item.appendChild(meta);
    if (r.start >= 0) item.appendChild(excerpt(answer.text, r.start, r.end));
    if (r.w) {
      const p = el("p", "ee-match__fix");
      p.appendChild(el("strong", null, t.match_workaround + t.colon));
      withCode(p, r.w);
      item.appendChild(p);
    }
    list.appendChild(item);
  }
  box.appendChild(list);
}

// The header search (assets/javascripts/search.js): open it with the paste's first line (the visitor asked for
// full-text search).
function openSiteSearch(text) {
  const input = document.querySelector(".md-search__input");
  const toggle = document.getElementById("__search");
  if (!input || !toggle) return;
  toggle.checked = true;
  toggle.dispatchEvent(new Event("change"));
  input.value = text.split("\n").find((line) => line.trim()) || "";
  input.focus();
  input.dispatchEvent(new KeyboardEvent("keyup", { key: "End" }));
}

// On the match page a `?q=` link is the paste box's: the header search stays closed and the address keeps `q`
// (for reloads and sharing).
function closeSiteSearch(href) {
  const input = document.querySelector(".md-search__input");
  const toggle = document.getElementById("__search");
  if (!input || !toggle) return;
  input.value = "";
  input.blur();
  toggle.checked = false;
  toggle.dispatchEvent(new Event("change"));
  setTimeout(() => history.replaceState(history.state, "", href), 0);
}

function mountBox(host, matcher, t) {
  host.replaceChildren();
  host.classList.add("ee-match");
  const label = el("label", "ee-match__label-text", t.match_label);
  const area = el("textarea", "ee-match__input");
  area.id = "ee-match-input";
  label.htmlFor = area.id;
  area.rows = 6;
  area.spellcheck = false;
  area.placeholder = t.match_placeholder;
  const status = el("p", "ee-match__status");
  status.setAttribute("aria-live", "polite");
  const results = el("div", "ee-match__output");
  host.append(label, area, status, results);

  let pending = 0;
  const go = () => {
    const text = area.value;
    const ticket = ++pending;
    if (!text.trim()) {
      results.replaceChildren();
      status.textContent = "";
      return;
    }
    status.textContent = t.match_loading;
    performance.mark("ee-match-start");
    matcher.run(text).then((answer) => {
      if (ticket === pending) performance.mark("ee-match-matched");
      return withDisplay(answer);
    }).then((answer) => {
      if (ticket !== pending) return;
      status.textContent = "";
      renderResults(results, answer, t);
      performance.mark("ee-match-rendered"); // the benchmark reads these marks (benchmarks/match)
    }, (err) => {
      if (ticket !== pending) return;
      console.warn(err);
      status.textContent = t.match_failed;
    });
  };
  let timer = null;
  area.addEventListener("focus", () => matcher.start(), { once: true });
  area.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(go, 120);
  });
  // Text longer than the matcher reads does not go into the box whole: laying out megabytes in a textarea
  // takes the browser seconds. The box gets what the matcher reads (matcher.js's own cut, which gives the
  // same answer as the whole text), and matching starts at once: there is no typing to wait for.
  const put = async (text) => {
    clearTimeout(timer);
    if (text.length > config.limits.max_chars) {
      try {
        const { cutPaste } = await import("./matcher.js");
        text = cutPaste(text, config.limits.max_chars)[0];
      } catch (err) {
        console.warn(err); // the whole text then: slower to show, same answer
      }
    }
    area.value = text;
    go();
  };
  area.addEventListener("paste", (event) => {
    const pasted = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (pasted.length <= config.limits.max_chars) return; // the browser pastes it and "input" matches it
    event.preventDefault();
    put(area.value.slice(0, area.selectionStart) + pasted + area.value.slice(area.selectionEnd));
  });
  return { area, go, put };
}

// What the match page needs of a long paste: the matcher reads only the first and last max_chars / 2 code
// points (matcher.js: cutPaste), which lie within the first and last max_chars UTF-16 units. Keeping those
// gives the same answer as the whole paste, and fits sessionStorage (about 5 M units per site in Chromium).
function forMatcher(text) {
  const n = config.limits.max_chars;
  return text.length <= 2 * n ? text : text.slice(0, n) + "\n" + text.slice(text.length - n);
}

function store(text) {
  try {
    sessionStorage.setItem(STORE_KEY, text);
    return true;
  } catch (err) { // quota exceeded or storage disabled
    console.warn(err);
    try {
      sessionStorage.removeItem(STORE_KEY);
    } catch {
      // storage unavailable altogether
    }
    return false;
  }
}

function looksLikeError(text) {
  return text.includes("\n") || ERRORISH.test(text);
}

function init() {
  if (!config) return;
  const t = config.strings;
  const matcher = new Matcher(t);
  const host = document.getElementById("ee-paste");
  if (host) {
    const box = mountBox(host, matcher, t);
    const params = new URLSearchParams(location.search);
    const stored = params.get("from") === "search" ? sessionStorage.getItem(STORE_KEY) : null;
    const q = stored ?? params.get("q");
    if (q) {
      if (params.has("q")) closeSiteSearch(location.href);
      box.put(q);
    }
  }
  // Header search: an error-looking paste goes to the match page (see docs/match.md for why not inline).
  const search = document.querySelector(".md-search__input");
  if (search) {
    search.addEventListener("paste", (event) => {
      const text = event.clipboardData ? event.clipboardData.getData("text") : "";
      if (!text || !looksLikeError(text)) return;
      event.preventDefault();
      let target = pageUrl("match/");
      if (text.length <= 1500) {
        target += "?q=" + encodeURIComponent(text);
      } else if (store(forMatcher(text))) {
        target += "?from=search";
      } else {
        target += "?q=" + encodeURIComponent(text.slice(-1500)); // no storage: the end, where tracebacks end
      }
      location.assign(target);
    });
  }
}

init();
