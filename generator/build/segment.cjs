// Word segmentation for the search index (generator/build/search_index.py): the same Intl.Segmenter (ICU) that Pagefind
// uses in the browser to split a Chinese, Japanese or Thai query into words. stdin: {"lang": "zh", "texts": [...]};
// stdout: one array of words per text, in order.
"use strict";

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { lang, texts } = JSON.parse(input);
  const segmenter = new Intl.Segmenter(lang, { granularity: "word" });
  const out = texts.map((text) => Array.from(segmenter.segment(text), (s) => s.segment));
  process.stdout.write(JSON.stringify(out));
});
