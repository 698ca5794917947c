// The header's search box (overrides/partials/ee-search.html) over the Pagefind index (generator/build/search_index.py).
// Nothing is fetched before the visitor focuses the box or types; then Pagefind loads the index of the page's
// language (<html lang>) and only the parts each query needs. Results are entries and articles, best first, in
// Material's result markup (the theme styles them); a query that finds nothing says so and offers the matcher,
// which takes a whole pasted error. Text from the index is only ever inserted with textContent.
// Strings: the page's #ee-match-config block (generator/match_ui.py), and Material's own (#__config).

const HERE = import.meta.url;
const ROOT = new URL("../../", HERE);
const SHOWN = 10; // results shown for one query
const DEBOUNCE_MS = 120;
// Chinese (and Japanese, Thai) is indexed with a space between words (generator/build/search_index.py): shown without.
const SPLIT = "\\p{Script=Han}|\\p{Script=Hiragana}|\\p{Script=Katakana}|\\p{Script=Thai}";
const WORD_GAP = new RegExp(`(${SPLIT})((?:<\\/?mark>)?) ((?:<\\/?mark>)?)(?=${SPLIT})`, "gu");

const configEl = document.getElementById("ee-match-config");
const config = configEl ? JSON.parse(configEl.textContent) : { prefix: "", strings: {} };
const t = config.strings;
// Material's own strings (its #__config block): "1 matching document", "# matching documents".
const themeEl = document.getElementById("__config");
const theme = themeEl ? JSON.parse(themeEl.textContent).translations || {} : {};

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export function joinWords(text) {
  return text.replace(WORD_GAP, "$1$2$3");
}

// The query's words, split as Pagefind splits it (Intl.Segmenter for the page's language), lower-cased.
export function queryWords(query, lang) {
  const words = [];
  const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(lang, { granularity: "word" }) : null;
  for (const part of query.toLowerCase().split(/\s+/)) {
    if (!part) continue;
    if (!segmenter) { words.push(part); continue; }
    for (const s of segmenter.segment(part)) if (s.isWordLike) words.push(s.segment);
  }
  return words;
}

// A good hit has every word of the query in its text. Pagefind also answers with pages that lack some of them (a
// word no page has matches by the longest start of it that some word has): then the box says that no entry
// matches, and offers the matcher.
export function hasEveryWord(content, words) {
  const text = joinWords(content).toLowerCase();
  // Pagefind stems English words (timeouts finds timeout): a long word counts with up to 3 letters off its end.
  const stem = (w) => (/^[a-z]{6,}$/.test(w) ? w.slice(0, -3) : w);
  return words.every((w) => text.includes(w) || text.includes(stem(w)));
}

// The box retries a query that no page answers whole without some of its words (relaxed): a word no page has (a
// reader's word the pages do not use: 显存溢出 where they say 显存不足), or else the commonest word that keeps the
// rest from meeting on one page. Never a word that looks like an identifier (cudaErrorFoo, nvshmem_init, 0x2a, sm_90):
// an identifier that no page has means no entry has it. The browser splits a Chinese (Japanese, Thai) word its
// dictionary lacks into characters (显存 into 显 / 存; the index is split the same way): a single character counts as
// found only where a page has it as a word of its own, and one that is found is never dropped (half a word is no word).
const IDENTIFIER = /[_\d.:()]|[a-z][A-Z]/;
// A reader's function words around an error (是 什么 的 了 在 时 后, the, when, my ...): dropped first when the query
// is answered whole by no page; never the only words. Kept short: a word here is never searched for on its own.
const FUNCTION_WORDS = new Set(["是", "的", "了", "在", "时", "后", "和", "与", "就", "都", "也", "还", "又", "吗", "呢",
  "啊", "么", "什么", "怎么", "怎么办", "为什么", "情况", "问题", "出现", "一直", "总是", "the", "a", "an", "is", "are",
  "when", "my", "with", "after", "error", "how", "to", "fix", "why"]);
const ONE_CHARACTER = new RegExp(`^(?:${SPLIT})$`, "u");
const MAX_RETRIES = 8; // queries tried without some words, at most (each is a search of its own)

// `word` (lower-cased, from queryWords) as the reader typed it in `query`: may the box answer without it?
export function droppable(word, query) {
  return !query.split(/\s+/).some((part) => IDENTIFIER.test(part) && part.toLowerCase().includes(word));
}

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeHtml(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? all;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

// Pagefind's excerpt is escaped text with <mark> around the matched words: text and marks, as nodes.
function excerptNodes(excerpt) {
  const nodes = [];
  joinWords(excerpt).split(/(<mark>.*?<\/mark>)/s).forEach((part) => {
    if (!part) return;
    const marked = part.startsWith("<mark>");
    const text = unescapeHtml(marked ? part.slice(6, -7) : part);
    nodes.push(marked ? el("mark", null, text) : document.createTextNode(text));
  });
  return nodes;
}

// Pagefind's results, with the pages that hold the query's words as one phrase (in that order, side by side) moved
// first, keeping Pagefind's order within each group. Pagefind scores each word on its own: for NCCL timeout, pages
// that say NCCL often outranked the one about NCCL timeouts; a Chinese query typed without spaces is a phrase.
//
// A query in another script around an English run of two words or more (nvidia-smi 报 Driver/library version mismatch,
// 训练时 CUDA out of memory) holds the error as the program printed it: the pages that have that run as a phrase come
// first, in the order Pagefind ranks them for that run, even a page that lacks one of the reader's own words
// (报) and so is not among Pagefind's answers to the whole query. Only when no page has the whole query as a phrase.
export function printedRun(query) {
  if (!new RegExp(SPLIT, "u").test(query)) return null;
  const runs = query.split(new RegExp(`(?:${SPLIT}|[\\s"，。：；！？、（）])*(?:${SPLIT})(?:${SPLIT}|[\\s"，。：；！？、（）])*`, "u"))
    .map((r) => r.replace(/"/g, " ").trim()).filter((r) => (r.match(/[a-z0-9]+/gi) || []).length >= 2);
  return runs.sort((a, b) => b.length - a.length)[0] || null;
}

async function ranked(pf, query) {
  const found = await pf.search(query);
  if (queryWords(query, document.documentElement.lang).length < 2) return found.results;
  const phrase = await pf.search('"' + query.replace(/"/g, " ").trim() + '"');
  const exact = new Set(phrase.results.map((r) => r.id));
  let first = found.results.filter((r) => exact.has(r.id));
  const run = printedRun(query);
  if (run && !first.length) {
    // Pagefind scores no phrase match (each scores 1): the pages with the phrase, in the order of the run's words'
    // scores. It finds no phrase across some punctuation (Driver/library): then the pages with the run's words.
    const scored = (await pf.search(run)).results;
    const inPhrase = new Set((await pf.search('"' + run + '"')).results.map((r) => r.id));
    first = inPhrase.size ? scored.filter((r) => inPhrase.has(r.id)) : scored;
  }
  const shown = new Set(first.map((r) => r.id));
  return [...first, ...found.results.filter((r) => !shown.has(r.id))];
}

function good(items, words) {
  return items.length > 0 && hasEveryWord(items[0].content || "", words);
}

async function answer(pf, query) {
  const results = await ranked(pf, query);
  const items = await Promise.all(results.slice(0, SHOWN).map((r) => r.data()));
  return { results, items };
}

// How many pages have each word (0: none has it; Pagefind answers a missing word with the pages that have the
// longest start of it, so a word counts as found only where one of the first pages holds it).
export function holds(content, word) {
  if (!ONE_CHARACTER.test(word)) return hasEveryWord(content, [word]);
  return new RegExp(`(?:^|[\\s\\p{P}])${word}(?:$|[\\s\\p{P}])`, "u").test(content.toLowerCase());
}

async function pagesWith(pf, word) {
  const found = await pf.search(word);
  const top = await Promise.all(found.results.slice(0, 3).map((r) => r.data()));
  return top.some((d) => holds(d.content || "", word)) ? found.results.length : 0;
}

// The query answered without some of its words, when no page has them all: first without the words no page has;
// while the rest still meet on no page, also without one more of them at a time, the one whose absence leaves the most
// pages answering (the other words belong together; 怎么 in 显存不足怎么办 does not; a reader's own words around an
// error name, 训练时报错 after CUDNN_STATUS_NOT_INITIALIZED, go one by one); last, the identifiers the reader typed
// alone (the most specific words a query has). null: nothing better to show.
export async function relaxed(pf, query, words) {
  if (words.length < 2) return null;
  const counts = new Map();
  for (const w of new Set(words)) counts.set(w, await pagesWith(pf, w));
  const missing = words.filter((w) => !counts.get(w));
  if (missing.some((w) => !droppable(w, query))) return null; // an identifier no page has: no entry has it
  const without = (sub, found) => ({ ...found, ignored: [...new Set(words.filter((w) => !sub.includes(w)))] });
  const content = words.filter((w) => counts.get(w) && !FUNCTION_WORDS.has(w));
  const kept = content.length ? content : words.filter((w) => counts.get(w));
  if (!kept.length) return null;
  if (kept.length < words.length) {
    const found = await answer(pf, kept.join(" "));
    if (good(found.items, kept)) return without(kept, found);
  }
  // A Chinese query around English text (训练几轮后显存不足 out of memory): the English words, two or more, are
  // usually the error as printed; they alone come next.
  const latin = kept.filter((w) => /^[a-z0-9_.:-]+$/.test(w));
  if (latin.length >= 2 && latin.length < kept.length) {
    const found = await answer(pf, latin.join(" "));
    if (good(found.items, latin)) return without(latin, found);
  }
  // A Chinese query's single characters (多 卡 in 多卡训练, 报 in nvidia-smi 报 ...) are the words the browser's
  // dictionary could not join, or a reader's one-character verbs: the least specific words the query has. When the
  // query does not meet on one page with them, it is tried without them before any longer word is dropped.
  let current = kept;
  const longer = kept.filter((w) => !ONE_CHARACTER.test(w));
  if (longer.length && longer.length < kept.length) {
    const found = await answer(pf, longer.join(" "));
    if (good(found.items, longer)) return without(longer, found);
    current = longer;
  }
  for (let tries = 0; current.length >= 2 && tries < MAX_RETRIES; ) {
    let best = null; // the answer without one more word: a good one first, then the one with the most pages
    const loose = [...new Set(current)].filter((w) => droppable(w, query) && !ONE_CHARACTER.test(w));
    for (const w of loose) {
      if (tries++ >= MAX_RETRIES) break;
      const sub = current.filter((k) => k !== w);
      const found = await answer(pf, sub.join(" "));
      const isGood = good(found.items, sub);
      if (!best || isGood > best.isGood || (isGood === best.isGood && found.results.length > best.found.results.length)) {
        best = { sub, found, isGood };
      }
    }
    if (!best) break;
    if (best.isGood) return without(best.sub, best.found);
    current = best.sub;
  }
  const identifiers = [...new Set(kept.filter((w) => !droppable(w, query)))];
  if (identifiers.length && identifiers.length < new Set(kept).size) {
    const found = await answer(pf, identifiers.join(" "));
    if (good(found.items, identifiers)) return without(identifiers, found);
  }
  return null;
}

function mount(root) {
  const input = root.querySelector(".md-search__input");
  const form = root.querySelector(".md-search__form");
  const result = root.querySelector(".md-search-result");
  const meta = root.querySelector(".md-search-result__meta");
  const list = root.querySelector(".md-search-result__list");
  const toggle = document.getElementById("__search");
  const placeholder = meta.textContent;
  const bundle = new URL(root.dataset.eeSearchBundle, location.href);
  let pagefind = null;
  let seq = 0;
  let last = null;
  let timer = 0;

  function load() {
    if (!pagefind) {
      // A language of many pages is indexed in slices (generator/build/search_index.py SLICE_PAGES): the first is
      // the bundle itself, the others are merged into it, sharing its WebAssembly; results are ranked by score.
      const slices = fetch(new URL("ee-slices.json", bundle).href).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
      pagefind = import(new URL("pagefind.js", bundle).href).then(async (pf) => {
        // termSimilarity 3 (Pagefind's default is 1): a word found whole counts for more than one found only as the
        // start of a longer word. A Chinese query is split into short words, often single characters, which begin
        // many unrelated words (存 in 存在, 存储): scored like exact matches they sank the page the reader meant.
        // pageLength 0.3 (default 0.75): entry pages run from ~200 to over 1,000 words, and a long page is mostly
        // its workarounds and dead ends, which name other errors; the page's length says little about what the page
        // is about (on tests/search_queries.json: 34/35 in the top 3 at 0.75, 35/35 at 0.3; 0 was worse again).
        const options = { excerptLength: 24, ranking: { termSimilarity: 3.0, pageLength: 0.3 } };
        await pf.options(options);
        await pf.init();
        const lang = (document.documentElement.lang || "").toLowerCase();
        const more = await slices;
        const names = more[lang] || more[lang.split("-")[0]] || [];
        // baseUrl as the first slice's (the folder above the bundle): in Pagefind's worker a slice's would be
        // absolute (http://host/...), not the path the first slice's results have.
        const merged = { ...options, baseUrl: new URL("..", bundle).pathname };
        await Promise.all(names.map((name) => pf.mergeIndex(new URL(name + "/", bundle).href, merged)));
        return pf;
      });
      pagefind.catch(() => { pagefind = null; });
    }
    return pagefind;
  }

  function open() {
    if (toggle && !toggle.checked) {
      toggle.checked = true;
      toggle.dispatchEvent(new Event("change"));
    }
  }

  function close() {
    if (toggle && toggle.checked) {
      toggle.checked = false;
      toggle.dispatchEvent(new Event("change"));
    }
    input.blur();
  }

  function matcherLink(query) {
    const href = new URL(config.prefix + "match/", ROOT);
    if (query) href.search = "?q=" + encodeURIComponent(query);
    const link = el("a", "md-search-result__more ee-search__paste", t.search_paste);
    link.href = href.href;
    return link;
  }

  function show(query, items, total, ignored) {
    result.dataset.query = query; // what the list now answers (tests wait for it)
    list.replaceChildren();
    result.querySelectorAll(".ee-search__paste").forEach((n) => n.remove());
    const ok = total > 0 && (ignored.length > 0 || good(items, queryWords(query, document.documentElement.lang)));
    result.classList.toggle("ee-search--none", !ok);
    result.classList.toggle("ee-search--relaxed", ignored.length > 0);
    if (!ok) {
      // Nothing has every word: say so, offer the matcher first, then whatever matched some of the words.
      meta.textContent = (t.search_none || "").replace("{query}", query);
      result.insertBefore(matcherLink(query), list);
      if (!total) return;
    } else if (ignored.length) {
      // Answered without some words: say which (the reader may have meant something no entry covers).
      meta.textContent = (t.search_ignored || "").replace("{words}", ignored.join(" "));
    } else {
      const other = theme["search.result.other"] || "#";
      meta.textContent = total === 1 ? theme["search.result.one"] : other.replace("#", String(total));
    }
    for (const item of items) {
      const li = el("li", "md-search-result__item");
      const a = el("a", "md-search-result__link");
      a.href = item.url;
      a.tabIndex = -1;
      const article = el("article", "md-search-result__article md-typeset");
      article.appendChild(el("div", "md-search-result__icon md-icon"));
      article.appendChild(el("h1", null, joinWords(item.meta.title || item.url)));
      const p = el("p");
      p.append(...excerptNodes(item.excerpt || ""));
      article.appendChild(p);
      a.appendChild(article);
      li.appendChild(a);
      list.appendChild(li);
    }
    if (ok) result.appendChild(matcherLink(query));
  }

  async function run() {
    const query = input.value.trim();
    if (query === last) return;
    last = query;
    const mine = ++seq;
    if (!query) {
      list.replaceChildren();
      result.querySelectorAll(".ee-search__paste").forEach((n) => n.remove());
      meta.textContent = placeholder;
      return;
    }
    meta.textContent = t.search_loading || "";
    try {
      const pf = await load();
      let { results, items } = await answer(pf, query);
      let ignored = [];
      const words = queryWords(query, document.documentElement.lang);
      if (mine !== seq) return;
      if (!good(items, words)) {
        const retry = await relaxed(pf, query, words);
        if (mine !== seq) return;
        if (retry) ({ results, items, ignored } = retry);
      }
      show(query, items, results.length, ignored);
    } catch (err) {
      if (mine !== seq) return;
      last = null;
      meta.textContent = t.search_failed || String(err);
      console.warn("search:", err);
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  }

  input.addEventListener("focus", () => { open(); load(); });
  input.addEventListener("input", schedule);
  input.addEventListener("keyup", schedule); // the matcher's "search the full text" sets the value, then keyup
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = list.querySelector("a");
    if (first) location.assign(first.href);
  });
  form.addEventListener("reset", () => setTimeout(() => { last = null; run(); input.focus(); }, 0));
  root.addEventListener("keydown", (event) => {
    const links = [...list.querySelectorAll("a")];
    const at = links.indexOf(document.activeElement);
    if (event.key === "Escape") {
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!links.length) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = at + step;
      if (next < 0) input.focus();
      else links[Math.min(next, links.length - 1)].focus();
    }
  });
  // The dialog opened another way (the matcher's "search the full text"): the box takes the focus.
  if (toggle) {
    toggle.addEventListener("change", () => {
      if (toggle.checked && document.activeElement !== input) input.focus();
    });
  }
  // Material's search keys, which its search plugin handled: f, s or / anywhere but in a text field.
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (!["f", "s", "/"].includes(event.key)) return;
    const active = document.activeElement;
    if (active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) return;
    event.preventDefault();
    input.focus();
  });
}

const root = document.querySelector(".ee-search[data-ee-search-bundle]");
if (root) mount(root);
