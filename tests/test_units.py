"""Small pure functions: versions, graph inversion, translation detection, escaping, locale tables."""
from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.l10n.translation import has_chinese, zh_status
from generator.lint.versions import split_version, version_key
from generator.load.corpus import load_corpus
from generator.render.graph import build_graph
from generator.render.markup import md_text, safe_article_markdown
from generator.render.markup_html import html_ext_link, html_verbatim
from tests.conftest import SEED_IDS, seed, write_entry


def test_split_version() -> None:
    assert split_version("CUDA 12.2") == ("CUDA", "12.2")
    assert split_version("PyTorch 2.1.0") == ("PyTorch", "2.1.0")
    assert split_version("NVIDIA Driver 535.129.03") == ("NVIDIA Driver", "535.129.03")
    assert split_version("PyTorch 2.4.0+cu121") == ("PyTorch", "2.4.0+cu121")
    assert split_version("Windows") == ("Windows", "")


def test_version_order_is_natural() -> None:
    assert sorted(["12.10", "12.9", "11.8", "12.2"], key=version_key) == ["11.8", "12.2", "12.9", "12.10"]


def test_inverse_edges_are_derived(corpus_dir: Path) -> None:
    a = seed(SEED_IDS[0])
    a["transition_graph"]["leads_to"] = [SEED_IDS[2]]
    a["transition_graph"]["frequently_confused_with"] = [SEED_IDS[3]]
    write_entry(corpus_dir, a)
    b = seed(SEED_IDS[1])
    b["transition_graph"]["preceded_by"] = [SEED_IDS[3]]
    write_entry(corpus_dir, b)
    g = build_graph(load_corpus(corpus_dir).entries)
    assert g[SEED_IDS[2]].preceded_by == (SEED_IDS[0],)  # B's file is silent; A says it leads to B
    assert g[SEED_IDS[0]].leads_to == (SEED_IDS[2],)
    assert g[SEED_IDS[3]].leads_to == (SEED_IDS[1],)  # from b's preceded_by
    assert g[SEED_IDS[3]].confused_with == (SEED_IDS[0],)  # symmetric
    assert g[SEED_IDS[1]].preceded_by == (SEED_IDS[3],)


def test_edges_to_unknown_ids_and_self_edges_are_dropped(corpus_dir: Path) -> None:
    a = seed(SEED_IDS[0])
    a["transition_graph"]["leads_to"] = ["cuda/does-not-exist", SEED_IDS[0]]
    write_entry(corpus_dir, a)
    g = build_graph(load_corpus(corpus_dir).entries)
    assert g[SEED_IDS[0]].leads_to == ()


def test_untranslated_detection(corpus_dir: Path) -> None:
    entries = {e.id: e for e in load_corpus(corpus_dir).entries}
    s = zh_status(entries[SEED_IDS[0]])
    assert s.signature and s.root_cause
    assert s.workarounds == (False, False, False)  # the seeds' workarounds_zh is English text
    assert s.dead_ends == (False, False)  # no dead_ends_zh at all
    assert not s.complete
    assert has_chinese("中文") and not has_chinese("English only (cudaError)")


def test_md_text_escapes_html_and_markdown() -> None:
    out = md_text('<script>alert(1)</script> [x](javascript:alert(1)) ![i](http://e/x.png) {: onclick="y"} *b* a|b')
    assert "<script" not in out and "&lt;script&gt;" in out
    assert "](" not in out.replace("\\](", "").replace("\\]\\(", "")
    assert "\\{" in out and "\\*b\\*" in out and "&#124;" in out


def test_md_text_keeps_code_spans() -> None:
    assert md_text("call `cudaFree(p)` now") == "call `cudaFree(p)` now"
    assert md_text("odd ` backtick") == "odd \\` backtick"


def test_verbatim_keeps_backticks_and_escapes_markup() -> None:
    assert html_verbatim("a `b` <c>") == "<code>a `b` &lt;c&gt;</code>"


def test_ext_link_only_http() -> None:
    assert "<a " not in html_ext_link("javascript:alert(1)", "x")
    assert "<a " not in html_ext_link("data:text/html,hi", "x")
    assert html_ext_link("https://docs.nvidia.com/x", "doc").startswith('<a href="https://docs.nvidia.com/x"')


def test_article_markdown_neutralises_html_links_and_diagrams() -> None:
    out = safe_article_markdown("Hi <img src=x onerror=alert(1)>\n[a](javascript:alert(1)) [b](https://ok.example/)\n"
                                "[ref]: javascript:alert(2)\n```mermaid\ngraph A\n```\n`<b>` kept\n")
    assert "<img" not in out and "&lt;img" in out
    assert "[a](#)" in out and "[b](https://ok.example/)" in out
    assert "[ref]: #" in out
    assert "```text" in out and "```mermaid" not in out
    assert "`<b>`" in out


def test_article_markdown_closes_unterminated_fence() -> None:
    assert safe_article_markdown("```\ncode\n").rstrip().endswith("```")


def test_locale_tables_have_the_same_keys() -> None:
    root = Path(__file__).resolve().parent.parent / "generator" / "l10n" / "locales"
    en = yaml.safe_load((root / "en.yml").read_text(encoding="utf-8"))
    zh = yaml.safe_load((root / "zh.yml").read_text(encoding="utf-8"))
    assert set(en) == set(zh)
    assert all(has_chinese(v) or k in {"untranslated", "api", "resolvable_true"} or not any(c.isalpha() for c in v)
               for k, v in zh.items()), "zh UI strings must be Chinese"


_SEGMENT = st.sampled_from(["cuda", "zh", "browse", "articles", "a.md", "b.zh.md", "index.md", "x"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_SEGMENT, min_size=1, max_size=4), st.lists(_SEGMENT, max_size=4))
def test_relpath_is_posixpath_relpath_for_docs_paths(target: list[str], start: list[str]) -> None:
    import posixpath

    from generator.render.pages import _relpath
    t, s = "/".join(target), "/".join(start)
    assert _relpath(t, s) == posixpath.relpath(t, s or ".")


# Text over the characters the escapes, quotations and widths care about, and some others (issue 12: the faster forms
# of these functions must give what the plain ones gave).
_MARKUP_TEXT = st.lists(st.sampled_from([*"\\`*_{}[]()#+-.!|<>&:'\" \n\tab1中“”‘’「」『』（）/", "://", "]:", "http://x"]),
                        max_size=60).map("".join)


@settings(max_examples=500, deadline=None)
@given(_MARKUP_TEXT)
def test_fast_escapes_equal_their_regex_forms(text: str) -> None:
    import re

    from generator.l10n import translation
    from generator.render import markup
    assert text.translate(markup._MD_ESCAPED) == markup._MD_SPECIAL.sub(r"\\\1", text)
    assert "".join(translation._ESCAPE.split(text)) == translation._ESCAPE.sub(r"\1", text)
    # english_prose skips the quotation and URL passes when their first characters are absent
    assert translation._QUOTED.sub("\n", text) == text or translation._QUOTE_START.search(text)
    assert translation._URL.sub(" ", text) == text or "://" in text
    assert re.sub(translation._ATTR_LIST, "", text) == text or "{" in text
    assert translation._REF_DEF.sub("", text) == text or "]:" in text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_width_counts_wide_characters_twice(text: str) -> None:
    import unicodedata

    from generator.render.titles import width
    assert width(text) == sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
