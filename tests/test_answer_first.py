"""Entry pages lead with the answer (issue #11), checked on the generated Markdown (fast; the browser measure of
the first screen is tests/test_entry_layout.py): section order, the first workaround is the paste box's best one,
short titles, the lead sentence, the meta description and the hreflang tags."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.build.site import build
from generator.match.engine import display_row
from generator.paths import ENTRIES_DIR, REFERENCE_FILE
from generator.render.graph import build_graph
from generator.render.head import absolute, alternate_links
from generator.render.markup_html import html_text
from generator.render.pages import Site, render_entry
from generator.render.sentences import first_sentence, opening, summary
from generator.render.titles import MAX_TITLE, html_title, title, width
from tests.corpus import real_corpus
from tests.lintcases import make_corpus


@pytest.fixture(scope="module")
def real() -> tuple[Site, list]:
    corpus = real_corpus()
    site = Site(entries={e.id: e for e in corpus.entries}, graph=build_graph(corpus.entries), articles=[],
                article_links={}, effective_tier={}, repo_url="https://github.com/example/e")
    return site, sorted(corpus.entries, key=lambda e: e.id)


HEADINGS = {"en": ["Workarounds", "Root cause", "What not to try", "Versions", "Transition graph", "Details"],
            "zh": ["解决办法", "根本原因", "不要尝试的做法", "版本", "错误转换关系", "详细信息"]}
# Each as the section's <h2> (the permalink follows the heading's text).
SECTIONS = {lang: [f'>{h}<a class="headerlink"' for h in hs] for lang, hs in HEADINGS.items()}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_entry_page_leads_with_the_best_workaround(real: tuple[Site, list], lang: str) -> None:
    """On every real entry page: title, message, one sentence, then the workarounds, whose first item is the
    paste box's "best workaround" (one ordering: generator/model.py workaround_order); then the root cause and the
    rest, editorial history last."""
    site, entries = real
    for e in entries:
        page = render_entry(e, site, lang)
        at = [page.find(s) for s in SECTIONS[lang]]
        assert -1 not in at and at == sorted(at), (e.id, at)
        body = page.split("\n---\n", 1)[1]
        assert body.lstrip().startswith('<h1 class="ee-title"'), e.id
        assert body.index('<div class="ee-lead"') < at[0], e.id
        if e.workarounds:
            first = re.search(r"<ol>\n<li>(?:<p>)?(.*)$", page[at[0]:], re.M).group(1)  # the first item's first line
            best = display_row(e, lang)["w"]
            assert str(html_text(best)) in first, (e.id, first, best)  # the page escapes it with html_text too
        history = page.find("ee-history")
        assert history == -1 or history > at[-1], e.id


def test_every_real_title_is_short_and_unique(real: tuple[Site, list]) -> None:
    _, entries = real
    for lang in ("en", "zh"):
        titles = [title(e, lang)[0] for e in entries]
        assert max(width(t) for t in titles) <= MAX_TITLE
        html_titles = [html_title(e, lang) for e in entries]
        assert len(set(html_titles)) == len(html_titles)
        assert not any("\n" in t for t in titles)


def test_a_name_description_message_gives_its_title(real: tuple[Site, list]) -> None:
    site, _ = real
    e = site.entries["cuda/invalid-memcpy-direction"]
    assert e.signature.startswith("cudaErrorInvalidMemcpyDirection: ") and not e.title
    assert title(e, "en") == ("Invalid copy direction for memcpy", False)
    assert title(e, "zh") == ("memcpy 的拷贝方向无效", False)
    assert html_title(e, "en") == "Invalid copy direction for memcpy · cudaErrorInvalidMemcpyDirection"


@pytest.mark.parametrize("text, first", [
    ("cuDNN rejected it (3 in cuDNN 8, the `(3 vs. 0)` of checks). cuDNN 9 adds sub-codes.",
     "cuDNN rejected it (3 in cuDNN 8, the `(3 vs. 0)` of checks)."),
    ("Use a pinned buffer, e.g. `torch.empty(..., pin_memory=True)`. Then copy.",
     "Use a pinned buffer, e.g. `torch.empty(..., pin_memory=True)`."),
    ("Version 12.4. It changed.", "Version 12.4."),
    ("A call `a. B` in code. Next.", "A call `a. B` in code."),
    ("内核访问了越界地址。之后的调用都会失败。", "内核访问了越界地址。"),
    ("No end here", "No end here"),
])
def test_first_sentence(text: str, first: str) -> None:
    assert first_sentence(text) == first


def test_summary_is_plain_text_cut_at_a_word() -> None:
    long = "The `cudaMalloc` call failed because " + "the device ran out of memory " * 10 + "today. Next."
    s = summary(long)
    assert s.startswith("The cudaMalloc call failed") and s.endswith("…") and width(s) <= 160
    assert s[:-1] == s[:-1].rstrip() and long.startswith(s[:-1].replace("cudaMalloc", "`cudaMalloc`"))
    zh = summary("这是一个很长的句子" * 30 + "。")
    assert width(zh) <= 160 and zh.endswith("…")


def test_meta_description_is_the_root_cause_escaped_and_not_the_title(tmp_path: Path) -> None:
    spec = {"entries": {"cuda/illegal-address": {"set": {
        "root_cause": 'A "quoted" <script>alert(1)</script> & `code`: first sentence. Second sentence.'}}}}
    files = build(make_corpus(spec, tmp_path), tmp_path / "docs", "https://github.com/example/e",
                  REFERENCE_FILE).files
    page = files["cuda/illegal-address.md"].decode()
    front = page.split("\n---\n", 1)[0]
    m = re.search(r'^description: "(.*)"$', front, re.M)
    assert m and "<script>" not in m.group(1)
    assert html.unescape(m.group(1).encode().decode("unicode_escape")) == \
        'A "quoted" <script>alert(1)</script> & code: first sentence.'
    assert re.search(r'^title: "An illegal memory access was encountered \\u00b7 cudaErrorIllegalAddress"$', front,
                     re.M)


@pytest.mark.parametrize("site_url", ["https://example.org/", "https://example.github.io/repo/"])
def test_hreflang_links_are_absolute_under_site_url(site_url: str) -> None:
    urls = {"en": absolute(site_url, "cuda/x/"), "zh": absolute(site_url, "zh/cuda/x/")}
    links = alternate_links(urls, "en")
    assert links.splitlines() == [
        f'<link rel="alternate " hreflang="en" href="{site_url}cuda/x/">',
        f'<link rel="alternate " hreflang="zh" href="{site_url}zh/cuda/x/">',
        f'<link rel="alternate " hreflang="x-default" href="{site_url}cuda/x/">']
    assert absolute(site_url, "") == absolute(site_url, "./") == site_url
    assert alternate_links({"en": site_url}, "en") == ""  # a page with no other language has no alternates


def test_readme_screenshots_exist_and_stay_small() -> None:
    readme = (ENTRIES_DIR.parent / "README.md").read_text(encoding="utf-8")
    shots = re.findall(r"\]\((\.github/screenshots/[^)]+\.png)\)", readme)
    assert len(shots) >= 4
    for rel in shots:
        path = ENTRIES_DIR.parent / rel
        assert path.exists() and path.stat().st_size <= 300_000, rel
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", rel


def test_a_short_first_sentence_takes_the_next_one_along() -> None:
    assert opening("Nothing is wrong. TensorFlow reads the NUMA node from sysfs. More.") == \
        "Nothing is wrong. TensorFlow reads the NUMA node from sysfs."
    assert opening("这不是错误本身。PyTorch 的看门狗在集合通信失败或超时后打印它。更多。") == \
        "这不是错误本身。PyTorch 的看门狗在集合通信失败或超时后打印它。"
    assert summary("Nothing is wrong. " + "It is fine. " * 3) == "Nothing is wrong. It is fine. It is fine. It is fine."
