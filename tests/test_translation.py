"""The zh pages read as Chinese (issue #11): what the translation report counts, read from the pages as rendered, and
the UI defects it found, each with a test that catches it coming back."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator.build import site
from generator.l10n.i18n import LANGS, strings
from generator.l10n.languages import languages
from generator.l10n.translation import (
    Finding,
    english_prose,
    findings,
    known_messages,
    markdown_html,
    message_shingles,
    translation_report,
    visible_blocks,
)
from generator.lint.checks import check
from generator.paths import ENTRIES_DIR, REFERENCE_FILE, SCHEMA_DIR
from tests.corpus import real_corpus
from tests.lintcases import make_corpus

REPO = "https://github.com/example/encyclopedia"
OOM = "pytorch/cuda-out-of-memory"
CJK = r"[\u3400-\u4dbf\u4e00-\u9fff]"


# ---- the detector ----

def test_an_english_sentence_between_chinese_text_is_prose() -> None:
    assert english_prose("显存不足。The allocator keeps the block until the stream is done. 所以") == [
        "The allocator keeps the block until the stream is done."]


@pytest.mark.parametrize("text", [
    "运行时报错 CUDA error: out of memory，说明显存不足。",  # a known message
    "文档说它“may be partially loaded”。",  # a quotation
    "可能只是部分加载（may be partially loaded），所以",  # a gloss of the original wording after Chinese text
    "设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True 后重试 torch.cuda.empty_cache()。",  # identifiers
    "在 NVIDIA Container Toolkit 中启用 CDI。",  # a product name: no function word
    "见 https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__DEVICE.html 的说明。",
])
def test_what_stays_english_on_purpose_is_not_prose(text: str) -> None:
    messages = message_shingles(["RuntimeError: CUDA error: out of memory"])
    assert english_prose(text, messages) == []


def test_a_message_cut_by_code_spans_is_still_a_message() -> None:
    """signature_zh keeps the message verbatim with an identifier in backticks: the page shows it in two pieces."""
    messages = message_shingles(["Reducing block sizes or `num_stages` may help."])
    html = markdown_html("# t\n\n错误：Reducing block sizes or `num_stages` may help.（共享内存不足）\n")
    assert findings(html, messages) == []


def test_marked_english_is_counted_as_marked_and_code_is_not_counted() -> None:
    html = ('<h2>根本原因</h2><p><span lang="en">The stream was destroyed before the event.</span></p>'
            '<h2>解决办法</h2><p>运行 <code>export CUDA_LAUNCH_BLOCKING=1 to see where it fails</code>。</p>')
    assert findings(html) == [Finding("根本原因", "The stream was destroyed before the event.", True)]


def test_the_markdown_reading_sees_what_the_html_reading_sees() -> None:
    md = ("---\ntitle: x\n---\n\n# 标题\n\n## 根本原因\n\n"
          "这是原因。This happens when the context is destroyed first.\n\n"
          "> A quotation from the documentation is left as it is.\n\n"
          "```text\nThe log says that it failed to do what it should.\n```\n\n"
          "- 见[the page that says it all](https://example.org/doc)。\n")
    html = ("<h1>标题</h1><h2>根本原因</h2><p>这是原因。This happens when the context is destroyed first.</p>"
            "<blockquote><p>A quotation from the documentation is left as it is.</p></blockquote>"
            "<pre><code>The log says that it failed to do what it should.</code></pre>"
            '<ul><li>见<a href="https://example.org/doc">the page that says it all</a>。</li></ul>')
    expected = [Finding("根本原因", "This happens when the context is destroyed first.", False)]
    assert findings(markdown_html(md)) == findings(html) == expected


# ---- the report, on a fixture corpus and on the real entries ----

def _zh_pages(files: Mapping[str, bytes]) -> dict[str, str]:
    return {p: v.decode() for p, v in files.items() if p.endswith(".zh.md")}


def test_an_english_sentence_in_a_zh_field_and_a_missing_zh_field_are_reported(tmp_path: Path) -> None:
    spec = {"entries": {OOM: {"set": {
        "root_cause_zh": "显存不足。When the caching allocator holds freed blocks, the total reserved memory grows.",
        "workarounds_zh": [],
        "corrections": [{"date": "2024-01-02", "field": "root_cause", "was": "x", "now": "y",
                         "why": "The old text blamed the driver, which was not the cause."}]}}}}
    entries = make_corpus(spec, tmp_path)
    files = site.build(entries, tmp_path / "docs", REPO, REFERENCE_FILE).files
    report = translation_report(_zh_pages(files), known_messages(check(entries).corpus.entries))
    t = strings("zh")
    got = {(f.section, f.marked) for f in report[OOM]}
    assert (t["root_cause"], False) in got  # English prose inside a Chinese field: no notice on the page
    assert (t["workarounds"], True) in got  # a missing zh field: the English original, marked
    assert (t["corrections"], True) in got  # a correction without why_zh (in the editorial history, at the end)
    # English without a notice on that page only; elsewhere, the fixture's untranslated article (marked as such)
    assert [p for p, fs in report.items() if any(not f.marked for f in fs)] == [OOM]
    marked = [p for p, fs in report.items() if any(f.marked for f in fs)]
    assert OOM in marked and {f.text for p in marked if p != OOM for f in report[p]} == {
        "Reading CUDA errors", "Kernels run asynchronously, so … is often reported by a later call."}
    page = files["browse/translation.zh.md"].decode()
    assert t["translation_unmarked"].format(n=1) in page and t["translation_marked"].format(n=len(marked)) in page
    assert f'<td><a href="../../{OOM}/">{OOM}</a></td>' in page and "caching allocator holds freed blocks" in page


def test_the_real_zh_pages_show_no_english_without_a_notice(real_docs: Mapping[str, bytes],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The site's own figure, printed: every zh page the generator writes, read as rendered."""
    files = real_docs
    report = translation_report(_zh_pages(files), known_messages(real_corpus().entries))
    entries = [p for p in report if not p.startswith(("browse/", "articles/", "rules/"))]
    clean = [p for p, fs in report.items() if not fs]
    marked = [p for p, fs in report.items() if any(f.marked for f in fs)]
    unmarked = {p: [f for f in fs if not f.marked] for p, fs in report.items() if any(not f.marked for f in fs)}
    with capsys.disabled():
        print(f"\n  zh pages read: {len(report)} ({len(entries)} entry pages); entirely Chinese: {len(clean)}; "
              f"English marked untranslated: {len(marked)}; English without a notice: {len(unmarked)}")
    assert len(entries) == len(list(ENTRIES_DIR.glob("*/*.json"))) and len(report) > len(entries)
    assert unmarked == {}
    page = files["browse/translation.zh.md"].decode()
    assert strings("zh")["translation_pages"].format(clean=len(clean), total=len(report)) in page


# ---- UI strings: categories, colons, the rules page, the footer ----

def test_every_category_has_a_label_in_every_language() -> None:
    schema = json.loads((SCHEMA_DIR / "entry.schema.json").read_text(encoding="utf-8"))
    categories = schema["properties"]["category"]["enum"]
    for lang in LANGS:
        labels = [strings(lang)[f"category_{c}"] for c in categories]
        assert len(set(labels)) == len(labels) and not [x for x in labels if "_" in x], lang


def test_every_rule_reason_has_a_chinese_text() -> None:
    from generator.l10n.translation import has_chinese
    from generator.lint.rules import RULES
    assert [r.code for r in RULES.values() if r.why and not has_chinese(r.why_zh)] == []


def test_zh_pages_have_no_snake_case_category_and_no_ascii_colon_after_chinese(real_docs: Mapping[str, bytes]
                                                                             ) -> None:
    """On the generated pages of the real entries (both languages): categories as labels, never `memory_error`; on zh
    pages, no ASCII colon right after a Chinese character outside code (labels were `失败原因: …`)."""
    files = real_docs
    schema = json.loads((SCHEMA_DIR / "entry.schema.json").read_text(encoding="utf-8"))
    category = re.compile(r"\b(?:" + "|".join(schema["properties"]["category"]["enum"]) + r")\b")
    shown_ids, colons = [], []
    for path, data in files.items():
        if not path.endswith(".md") or path.startswith("repro/"):
            continue
        text = "\n".join(t for _, t, _ in visible_blocks(markdown_html(data.decode())))
        shown_ids += [f"{path}: {m.group(0)}" for m in category.finditer(text)]
        if path.endswith(".zh.md"):
            colons += [f"{path}: {m.group(0)}" for m in re.finditer(CJK + r"\*{0,2}:", text)]
    assert shown_ids == [] and colons == []


def _built_zh_defects(built: Path, entries: Path) -> list[str]:
    """Over every built zh page, the whole HTML (header, nav, footer, content): English sentences without a notice,
    ASCII colons after Chinese outside code, snake_case categories; and the footer in Chinese."""
    messages = known_messages(check(entries).corpus.entries)
    zh = strings("zh")
    bad = []
    pages = sorted((built / "zh").rglob("index.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        rel = page.relative_to(built).as_posix()
        if rel == "zh/browse/translation/index.html":
            continue  # it quotes the English it found (marked lang="en")
        found = findings(html, messages)
        # An untranslated title (marked in the content) is also the page's <title> and header, which cannot be marked.
        marked = [f.text.rstrip("…") for f in found if f.marked]
        bad += [f"{rel}: {f.text}" for f in found if not f.marked and not any(m in f.text for m in marked)]
        body = "\n".join(t for _, t, _ in visible_blocks(html))
        bad += [f"{rel}: {m.group(0)}" for m in re.finditer(CJK + r":", body)]
        bad += [f"{rel}: {m.group(0)}" for m in re.finditer(r"\b[a-z]+_error\b", body)]
        footer = re.search(r'<div class="md-copyright">(.*?)</div>\s*</div>', html, re.S)
        if not (footer and "Made with" not in footer.group(1) and zh["footer"].split("<")[0] in footer.group(1)):
            bad.append(f"{rel}: footer")
    return bad


@pytest.mark.slow
def test_built_zh_pages_footer_rules_page_and_ui_are_chinese(seed_site: Path, acked_seeds: Path) -> None:
    """The footer was Material's English 'Made with'; the rules page had a whole English section; labels were
    followed by ASCII colons and categories shown as `memory_error`."""
    assert _built_zh_defects(seed_site, acked_seeds) == []
    zh = strings("zh")
    rules = (seed_site / "zh" / "rules" / "index.html").read_text(encoding="utf-8")
    assert zh["rules_why_heading"] in rules and "Why these severities" not in rules
    assert [f for f in findings(rules) if f.marked] == []  # every rule's reason is in Chinese, not a fallback
    en = (seed_site / "index.html").read_text(encoding="utf-8")
    assert strings("en")["footer"].split("<")[0] in en


@pytest.mark.slow
def test_built_real_zh_pages_are_chinese(real_site: Path) -> None:
    assert _built_zh_defects(real_site, ENTRIES_DIR) == []


@pytest.mark.slow
def test_the_report_agrees_with_the_built_pages(seed_site: Path, acked_seeds: Path, tmp_path: Path) -> None:
    """What the generator's report says of each zh page (read from its Markdown) is what the built HTML shows."""
    files = site.build(acked_seeds, tmp_path / "docs", REPO, REFERENCE_FILE).files
    report = translation_report(_zh_pages(files), known_messages(check(acked_seeds).corpus.entries))
    assert any(report.values())  # the seeds have untranslated fields: the comparison is not vacuous
    for page, expected in report.items():
        html = (seed_site / "zh" / page.removesuffix("/index") / "index.html").read_text(encoding="utf-8")
        content = html.split('<article class="md-content__inner', 1)[1].split("</article>", 1)[0]
        built = findings(content, known_messages(check(acked_seeds).corpus.entries))
        assert {(f.section, f.marked) for f in built} == {(f.section, f.marked) for f in expected}, page


def test_zh_nav_titles_and_generated_page_titles_are_chinese(real_docs: Mapping[str, bytes]) -> None:
    """Every nav entry has a zh title, and every generated zh page's title is Chinese."""
    from generator.l10n.translation import has_chinese
    text = (ENTRIES_DIR.parent / "mkdocs.yml").read_text(encoding="utf-8")
    nav = re.findall(r"^  - ([^:]+): ", text.split("\nnav:\n", 1)[1].split("\n\n", 1)[0], re.M)
    translations = languages().get("zh").mkdocs["nav_translations"]  # config/languages.yml
    assert nav and all(has_chinese(translations.get(n, "")) for n in nav)
    files = real_docs
    titles = {p: re.search(r'^title: (".*")$', v.decode(), re.M) for p, v in files.items()
              if p.endswith(".zh.md") and not p.startswith(tuple(f"{d}/" for d in site.domain_ids()))}
    assert [p for p, m in titles.items() if not (m and has_chinese(json.loads(m.group(1))))] == []
