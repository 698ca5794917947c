// Paste an error, get the ranked entries: the JavaScript twin of generator/match/engine.py (same normalisation,
// prefilter and ranking rule; the rule is written down there and on the match page). One ES module, used by
// worker.js in the browser and by tests/benchmarks in Node, so the parity test runs the code the site ships.

const MIN_LITERAL = 4;
const HASH_BITS = 18;

const NEWLINES = /\r\n?|[\x85\u2028\u2029]/g;
const ANSI = /\x1b\[[0-?]*[ -\/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[@-_]?/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const SINGLE_QUOTES = /[\u2018\u2019]/g;
const DOUBLE_QUOTES = /[\u201c\u201d]/g;
const SPACES = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/g;
const NAME = /[A-Za-z0-9_]+/g;
const WORD = /[A-Za-z0-9]+/g;

export function asciiLower(text) {
  // Only ASCII: Unicode lower-casing differs between runtimes (final sigma, Unicode versions).
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

function wellFormed(text) {
  if (typeof text.toWellFormed === "function") return text.toWellFormed();
  return text.replace(LONE_SURROGATE, (m) => (m.length === 2 ? m[0] + "\ufffd" : "\ufffd"));
}

function isHigh(c) { return c >= 0xd800 && c <= 0xdbff; }
function isLow(c) { return c >= 0xdc00 && c <= 0xdfff; }

const GAP = "\u2026"; // "…": stands where the middle of a long paste or of a long line was skipped

// Code points, as Python counts them, of a string that may hold lone surrogates (each one code point).
function pairAt(text, i) {
  return isHigh(text.charCodeAt(i)) && i + 1 < text.length && isLow(text.charCodeAt(i + 1));
}

function rawCodePointLength(text) {
  let n = 0;
  for (let i = 0; i < text.length; i += pairAt(text, i) ? 2 : 1) n++;
  return n;
}

// The first and last max_chars // 2 code points of a paste longer than max_chars, around a GAP line
// (generator/match/engine.py: cut_paste). Runs before anything else, so a huge paste costs what a 1 MB one does.
export function cutPaste(text, maxChars) {
  if (text.length <= maxChars || rawCodePointLength(text) <= maxChars) return [text, false];
  const half = Math.floor(maxChars / 2);
  let head = 0;
  for (let n = 0; n < half; n++) head += pairAt(text, head) ? 2 : 1;
  let tail = text.length;
  for (let n = 0; n < half; n++) tail -= tail >= 2 && pairAt(text, tail - 2) ? 2 : 1;
  return [text.slice(0, head) + "\n" + GAP + "\n" + text.slice(tail), true];
}

// The last n code points of a well-formed string.
function lastCodePoints(text, n) {
  let i = text.length;
  for (let count = 0; i > 0 && count < n; count++) i -= i >= 2 && isLow(text.charCodeAt(i - 1)) && isHigh(text.charCodeAt(i - 2)) ? 2 : 1;
  return text.slice(i);
}

// The first and last (max_line - 3) // 2 code points of a line longer than max_line, around " GAP ".
function cutLine(line, maxLine) {
  if (line.length <= maxLine || codePointLength(line) <= maxLine) return line;
  const keep = Math.floor((maxLine - 3) / 2);
  return cutCodePoints(line, keep) + " " + GAP + " " + lastCodePoints(line, keep);
}

// Positions in the paste are counted in code points, as Python counts them, never in UTF-16 units.
export function cutCodePoints(text, n) {
  if (text.length <= n) return text;
  let i = 0;
  for (let count = 0; i < text.length && count < n; count++) i += isHigh(text.charCodeAt(i)) ? 2 : 1;
  return text.slice(0, i);
}

export function codePointLength(text, start = 0, end = text.length) {
  let n = 0;
  for (let i = start; i < end; i++) if (!isHigh(text.charCodeAt(i)) || i + 1 >= end) n++;
  return n;
}

// The normalised paste and what of it was skipped ({paste: only its two ends were read, lines: how many lines
// were read only at their two ends}); generator/match/engine.py: normalise_cut.
export function normaliseCut(text, params) {
  const [raw, pasteCut] = cutPaste(String(text), params.max_chars);
  let t = wellFormed(raw);
  t = t.replace(NEWLINES, "\n").replace(ANSI, "").replace(ZERO_WIDTH, "");
  t = t.replace(/\u212a/g, "K").replace(/\u017f/g, "s").replace(DOUBLE_QUOTES, '"').replace(SINGLE_QUOTES, "'");
  t = t.replace(SPACES, " ");
  // Whole-text passes (only "\n" is left as a line break here, so ^/$ with the m flag are line ends); lines are
  // split only when one is long enough to be cut.
  t = t.replace(/ {2,}/g, " ").replace(/^ +| +$/gm, "");
  let longLines = 0;
  if (t.length > params.max_line) {
    let long = false;
    for (let a = 0, b = 0; a <= t.length && !long; a = b + 1) {
      b = t.indexOf("\n", a);
      if (b < 0) b = t.length;
      long = b - a > params.max_line;
    }
    if (long) {
      t = t.split("\n").map((line) => {
        const cut = cutLine(line, params.max_line);
        if (cut !== line) longLines++;
        return cut;
      }).join("\n");
    }
  }
  return [t.replace(/^\n+|\n+$/g, ""), { paste: pasteCut, lines: longLines }];
}

export function normalise(text, params) {
  return normaliseCut(text, params)[0];
}

export function words(text, stop) {
  const out = new Set();
  for (const m of text.matchAll(WORD)) {
    const w = asciiLower(m[0]);
    if (w.length >= 3 && !/^[0-9]+$/.test(w) && !stop.has(w)) out.add(w);
  }
  return [...out].sort();
}

function gramHash(text, k) {
  let h = 0;
  for (let j = 0; j < MIN_LITERAL; j++) h = (Math.imul(h, 31) + text.charCodeAt(k + j)) | 0;
  return (h >>> 0) & ((1 << HASH_BITS) - 1);
}

export function scoreOf(segment, tier, length) {
  return (1000 - Math.min(segment, 999)) * 1e7 + tier * 1e6 + Math.min(length, 999999);
}

// The matching index (match-index.json), prepared for matching: literal buckets for the prefilter, name/code
// tables. The similarity words (match-words.json) are a separate file, only needed when nothing matches
// exactly: pass them here or later with setWords(); until then match() answers {needsWords: true} instead
// of looking for similar entries.
export class MatchIndex {
  constructor(raw, wordsRaw = null) {
    this.raw = raw;
    this.params = raw.params;
    this.entries = raw.entries;
    this.stop = new Set(raw.params.stop_words);
    this.markers = new Set(raw.params.chain_markers);
    // The prefilter's buckets: slot[hash] is 1 + the bucket's place in `buckets` (0: no literal has that gram, the
    // common case); each bucket holds [literal, entry, offset of its gram] triples.
    this.slot = new Int32Array(1 << HASH_BITS);
    this.buckets = [];
    this.always = [];
    this.multiline = []; // literals holding "\n": looked for whole (the prefilter reads one line at a time)
    this.byName = new Map();
    this.byCode = new Map();
    this.byId = new Map();
    this.regexes = new Map();
    this.words = null;
    // Each literal is filed under its rarest 4-character gram (counted over all literals), so that
    // literals sharing a common prefix ("invalid ...") do not pile up in one bucket.
    const counts = new Uint32Array(1 << HASH_BITS);
    for (const e of this.entries) {
      if (e.re === undefined) continue;
      for (const lit of e.lit || []) for (let o = 0; o + MIN_LITERAL <= lit.length; o++) counts[gramHash(lit, o)]++;
    }
    this.entries.forEach((e, i) => {
      this.byId.set(e.id, i);
      if (e.re !== undefined) {
        const lits = e.lit || [];
        for (const lit of lits) {
          if (lit.includes("\n")) {
            this.multiline.push([lit, i]);
            continue;
          }
          let best = 0;
          for (let o = 1; o + MIN_LITERAL <= lit.length; o++) {
            if (counts[gramHash(lit, o)] < counts[gramHash(lit, best)]) best = o;
          }
          const h = gramHash(lit, best);
          if (!this.slot[h]) this.slot[h] = this.buckets.push([]);
          this.buckets[this.slot[h] - 1].push([lit, i, best]);
        }
        if (!lits.length) this.always.push(i);
      }
      for (const n of e.nm || []) push(this.byName, n, i);
      for (const c of e.cd || []) push(this.byCode, c, i);
    });
    // Families' numbered forms and domains' wraps/claims (config/; generator/match/engine.py family_params).
    this.numbered = (this.params.numbered || []).map(([rx, key]) => [new RegExp(rx, "gu"), key]);
    // A family's message printed right after one of its printers (match.py printed_forms): [regex, key, codes].
    this.printed = (this.params.printed || []).map(([printers, key, msgs]) => [
      new RegExp(printedRegex(printers, Object.keys(msgs)), "gu"), key, msgs]);
    this.wraps = new Map();
    this.claims = [];
    for (const [dom, spec] of Object.entries(this.params.domains || {})) {
      this.wraps.set(dom, new Set(spec.wraps));
      for (const rx of spec.claims) this.claims.push([dom, new RegExp(rx, "gu")]);
    }
    // The families' name patterns, as whole NAME runs: a long log is mostly other words (match.py Index.load).
    const enums = this.params.enums || [];
    const union = enums.map((p) => `(?:${p})`).join("|");
    const whole = new RegExp(`^(?:${union})$`, "u");
    this.statusToken = enums.length ? new RegExp(`(?<![A-Za-z0-9_])(?:${union})(?![A-Za-z0-9_])`, "gu") : null;
    this.nameToken = enums.length && [...this.byName.keys()].every((n) => whole.test(n)) ? this.statusToken : NAME;
    if (wordsRaw) this.setWords(wordsRaw);
  }

  setWords(wordsRaw) {
    const byId = wordsRaw.words;
    this.words = this.entries.map((e) => (Object.hasOwn(byId, e.id) ? byId[e.id].split(" ") : []));
  }

  // Which display shard (match-display/<lang>/<k>.json) holds entry i's signature and workaround.
  shardOf(id) {
    return Math.floor(this.byId.get(id) / this.raw.display_shard);
  }

  // Entry i's regex; `folded`: ignoring letter case (null when it already does: it has run).
  regex(i, folded = false) {
    const key = folded ? -1 - i : i;
    let rx = this.regexes.get(key);
    if (rx === undefined) {
      const fl = this.entries[i].fl || "";
      rx = folded && fl.includes("i") ? null : new RegExp(this.entries[i].re, "u" + fl + (folded ? "i" : ""));
      this.regexes.set(key, rx);
    }
    return rx;
  }

  // Entries one of whose required literals occurs in the (ASCII-lower-cased) paste. The grams of each distinct
  // line only (logs repeat lines), hashed as a rolling hash equal to gramHash at every position.
  candidates(low) {
    const found = new Set(this.always);
    const slot = this.slot;
    const buckets = this.buckets;
    const mask = (1 << HASH_BITS) - 1;
    const drop = Math.imul(Math.imul(31, 31), 31); // 31^(MIN_LITERAL - 1): the outgoing character's weight
    for (const line of new Set(low.split("\n"))) {
      const last = line.length - MIN_LITERAL;
      if (last < 0) continue;
      let h = 0;
      for (let j = 0; j < MIN_LITERAL - 1; j++) h = (Math.imul(h, 31) + line.charCodeAt(j)) | 0;
      for (let k = 0; k <= last; k++) {
        if (k > 0) h = (h - Math.imul(line.charCodeAt(k - 1), drop)) | 0;
        h = (Math.imul(h, 31) + line.charCodeAt(k + MIN_LITERAL - 1)) | 0;
        const g = (h >>> 0) & mask;
        if (!slot[g]) continue;
        const bucket = buckets[slot[g] - 1];
        for (let b = 0; b < bucket.length; b++) {
          const [lit, i, offset] = bucket[b];
          if (k >= offset && !found.has(i) && line.startsWith(lit, k - offset)) found.add(i);
        }
      }
    }
    for (const [lit, i] of this.multiline) if (!found.has(i) && low.includes(lit)) found.add(i);
    return [...found].sort((a, b) => a - b);
  }
}

// Group 1: a message printed right after one of the printers, longest message first (match.py printed_regex).
function printedRegex(printers, messages) {
  const byLength = [...messages].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  return `(?:${printers})(${byLength.map((m) => m.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")).join("|")})`;
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

function segmentStarts(text, markers) {
  const starts = [];
  let pos = 0;
  for (const line of text.split("\n")) {
    if (markers.has(line)) starts.push(pos);
    pos += line.length + 1;
  }
  return starts;
}

function segmentOf(pos, starts) {
  let n = 0;
  for (const s of starts) if (s < pos) n++;
  return n;
}

// (start, end, domain) of each line a domain claims as its own message (the first claim in config order wins).
// Each claim runs once over the whole paste (claims never span a line): a log is mostly unclaimed.
function lineOwners(text, claims) {
  const owned = new Map();
  for (const [dom, rx] of claims) {
    for (const m of text.matchAll(rx)) {
      const start = text.lastIndexOf("\n", m.index - 1) + 1;
      if (owned.has(start)) continue;
      const end = text.indexOf("\n", m.index);
      owned.set(start, [start, end < 0 ? text.length : end, dom]);
    }
  }
  return [...owned.values()].sort((a, b) => a[0] - b[0]);
}

// Evidence inside a line that another domain claims, one that does not wrap this domain's errors, is a phrase
// inside another tool's message, never a match.
function foreignAt(pos, domain, owners, wraps) {
  for (const [start, end, owner] of owners) {
    if (start <= pos && pos <= end) return owner !== domain && !(wraps.get(owner) || new Set()).has(domain);
  }
  return false;
}

// Spans of the status names a check's condition compares with ("e == cudaSuccess || e == cudaErrorCudartUnloading"):
// the values a check accepts or tests for, not the error it reports (match.py operands).
function operands(text, token) {
  if (!token || (!text.includes("==") && !text.includes("!="))) return [];
  const out = [];
  for (const m of text.matchAll(token)) {
    const end = m.index + m[0].length;
    const before = text.slice(Math.max(0, m.index - 3), m.index).replace(/ +$/, "");
    const after = text.slice(end, end + 3).replace(/^ +/, "");
    if (/[=!]=$/.test(before) || /^[=!]=/.test(after)) out.push([m.index, end]);
  }
  return out;
}

// The end of the span of `spans` that holds [start, end) (a non-empty part of it), or -1.
function inside(start, end, spans) {
  for (const [a, b] of spans) if (a <= start && start < b && end <= b) return b;
  return -1;
}

// The leftmost match of `rx` that does not lie within one of `spans` (match.py search_outside).
function execOutside(rx, text, spans) {
  let m = rx.exec(text);
  let from = null;
  while (m && spans.length) {
    const end = inside(m.index, m.index + m[0].length, spans);
    if (end < 0) break;
    from = from || new RegExp(rx.source, rx.flags + "g");
    from.lastIndex = end;
    m = from.exec(text);
  }
  return m;
}

function domainOf(id) {
  return id.split("/")[0];
}

// Ids of results that another result wraps, shown after the others as the underlying error (the rule is
// written out in generator/match/engine.py _causes).
function causes(results, wraps) {
  const dom = (r) => domainOf(r.id);
  const wrapsOf = (r) => wraps.get(dom(r)) || new Set();
  const overlap = (a, b) => a.start < b.end && b.start < a.end;
  const contains = (a, b) => a.start <= b.start && b.end <= a.end && a.end - a.start > b.end - b.start;
  const readsInner = (o) => results.some((x) => wrapsOf(o).has(dom(x)) && overlap(o, x) && !contains(o, x));
  const wrappedBy = (inner, outer) => {
    if (dom(inner) === dom(outer) || !wrapsOf(outer).has(dom(inner))) return false;
    return contains(outer, inner) || (!overlap(outer, inner) && !readsInner(outer));
  };
  const found = results.filter((r) => results.some((o) => wrappedBy(r, o)));
  return new Set(results.filter((r) => found.some((c) => r === c || (overlap(r, c) && !contains(r, c)))).map((r) => r.id));
}

function byKindThenScore(a, b) {
  return (a.kind === "cause") - (b.kind === "cause") || byScore(a, b);
}

function byScore(a, b) {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

// Returns {text, cut, results}: text is the normalised paste, cut what of it was not read (see normaliseCut);
// each result's start/end are UTF-16 offsets into text (for highlighting in the page; the score counts code
// points). `onRegex(id)` is called before each entry's
// regex runs, so a worker can say which entry was running when it overran its time budget. When nothing
// matches exactly and the similarity words are not loaded yet, the answer is {text, results: [], needsWords:
// true}: load them (setWords) and ask again.
export function match(index, paste, { top = 5, exclude = [], onRegex = null } = {}) {
  const [text, cut] = normaliseCut(paste, index.params);
  const skip = new Set(exclude.map((id) => index.byId.get(id)).filter((i) => i !== undefined));
  const starts = segmentStarts(text, index.markers);
  const owners = lineOwners(text, index.claims);
  const compared = operands(text, index.statusToken);
  const foreign = (i, pos) => foreignAt(pos, domainOf(index.entries[i].id), owners, index.wraps);
  const candidates = index.candidates(asciiLower(text)).filter((i) => !skip.has(i));
  const regexHit = new Map();
  for (const i of candidates) {
    if (onRegex) onRegex(index.entries[i].id);
    const m = execOutside(index.regex(i), text, compared);
    if (m && !foreign(i, m.index)) regexHit.set(i, [m.index, m.index + m[0].length]);
  }
  const nameHit = new Map();
  for (const m of text.matchAll(index.nameToken)) {
    for (const i of index.byName.get(m[0]) || []) {
      if (nameHit.has(i) || foreign(i, m.index) || inside(m.index, m.index + m[0].length, compared) >= 0) continue;
      nameHit.set(i, [m.index, m.index + m[0].length]);
    }
  }
  const coded = [];
  for (const [rx, key] of index.numbered) for (const m of text.matchAll(rx)) coded.push([m, `${key}:${Number(m[1])}`]);
  for (const [rx, key, msgs] of index.printed) {
    for (const m of text.matchAll(rx)) for (const code of msgs[m[1]]) coded.push([m, `${key}:${code}`]);
  }
  for (const [m, code] of coded) {
    for (const i of index.byCode.get(code) || []) {
      if (foreign(i, m.index)) continue;
      if (!nameHit.has(i) || m.index < nameHit.get(i)[0]) nameHit.set(i, [m.index, m.index + m[0].length]);
    }
  }
  if (!regexHit.size && !nameHit.size) {
    // A message retyped in other letter case: only when nothing else matched, and only a long match counts.
    for (const i of candidates) {
      const rx = index.regex(i, true);
      if (!rx) continue;
      if (onRegex) onRegex(index.entries[i].id);
      const m = execOutside(rx, text, compared);
      if (!m || foreign(i, m.index)) continue;
      if (codePointLength(text, m.index, m.index + m[0].length) >= index.params.min_folded) {
        regexHit.set(i, [m.index, m.index + m[0].length]);
      }
    }
  }
  const exact = [];
  for (const i of new Set([...regexHit.keys(), ...nameHit.keys()])) {
    if (skip.has(i)) continue;
    const r = regexHit.get(i);
    const n = nameHit.get(i);
    const first = Math.min(r ? r[0] : Infinity, n ? n[0] : Infinity);
    const tier = r && n ? 3 : n ? 2 : 1;
    const span = r || n;
    exact.push({ id: index.entries[i].id, kind: "regex", start: span[0], end: span[1],
      score: scoreOf(segmentOf(first, starts), tier, codePointLength(text, span[0], span[1])) });
  }
  if (exact.length) {
    const incidental = new Set(exact.filter((r) => index.entries[index.byId.get(r.id)].inc).map((r) => r.id));
    const inner = causes(exact.filter((r) => !incidental.has(r.id)), index.wraps);
    for (const r of exact) if (inner.has(r.id)) r.kind = "cause";
    const last = (r) => incidental.has(r.id);
    return { text, cut, results: exact.sort((a, b) => last(a) - last(b) || byKindThenScore(a, b)).slice(0, top) };
  }
  if (!index.words) return { text, cut, results: [], needsWords: true };
  return { text, cut, results: similar(index, text, top, skip) };
}

function similar(index, text, top, skip) {
  const have = new Set(words(text, index.stop));
  const low = asciiLower(text);
  const p = index.params;
  // Without a word of the GPU stack in the paste, more shared words are needed (match.py similar).
  const gpu = p.gpu_words.some((w) => low.includes(w));
  const [need, bar] = gpu ? [p.min_shared, p.min_similar] : [p.min_shared_alone, p.min_similar_alone];
  const out = [];
  index.words.forEach((ws, i) => {
    if (skip.has(i) || !ws.length) return;
    let shared = 0;
    for (const w of ws) if (have.has(w)) shared++;
    const score = Math.floor((1000 * shared) / ws.length);
    if (shared >= need && score >= bar) {
      out.push({ id: index.entries[i].id, kind: "similar", score, start: -1, end: -1 });
    }
  });
  return out.sort(byScore).slice(0, top);
}
