"""The allow-list sanitiser: contributed markup never survives it, and the site's own pages pass through unchanged."""
from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.markup import safe_article_markdown
from generator.render.sanitize import TAGS, clean_html
from tests.hostile import ARTICLE_PAYLOADS, FUZZ_TOKENS

# The Markdown extensions of mkdocs.yml that change what HTML an article body can produce.
EXTENSIONS = ["admonition", "attr_list", "tables", "toc", "md_in_html", "pymdownx.superfences",
              "pymdownx.highlight", "pymdownx.inlinehilite"]


class _Live(HTMLParser):
    """Collects anything that could run script or load something: tags off the allow-list, on* attributes,
    URLs with a scheme other than http(s)/mailto."""
    def __init__(self) -> None:
        super().__init__()
        self.bad: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TAGS:
            self.bad.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in ("style", "srcdoc", "src", "formaction", "action"):
                self.bad.append(f"<{tag} {name}>")
            if name == "href" and value and re.match(r"\s*[a-z][a-z0-9+.-]*:", value, re.I) \
                    and not re.match(r"\s*(https?|mailto):", value, re.I):
                self.bad.append(f"<{tag} href={value}>")


def live_markup(html: str) -> list[str]:
    parser = _Live()
    parser.feed(html)
    return parser.bad


def article_html(body: str) -> str:
    return clean_html(markdown.markdown(safe_article_markdown(body), extensions=EXTENSIONS))


@pytest.mark.parametrize("payload", ARTICLE_PAYLOADS)
def test_known_payloads_leave_no_live_markup(payload: str) -> None:
    assert live_markup(article_html(payload)) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FUZZ_TOKENS), max_size=60).map("".join))
def test_fuzzed_article_bodies_leave_no_live_markup(body: str) -> None:
    assert live_markup(article_html(body)) == []


def test_raw_html_that_escaping_missed_is_removed_but_its_text_stays() -> None:
    dirty = '<p>see <img src=x onerror=alert(1)><b onclick="x()">bold</b> <a href="javascript:x()">link</a></p>'
    assert clean_html(dirty) == "<p>see <b>bold</b> <a>link</a></p>"


def test_reserved_ids_are_dropped_unless_the_page_is_hand_written() -> None:
    dirty = '<h2 id="__config">a</h2><div id="ee-paste">b</div><span id="__span-0-3">c</span><h2 id="fix">d</h2>'
    assert clean_html(dirty) == '<h2>a</h2><div>b</div><span id="__span-0-3">c</span><h2 id="fix">d</h2>'
    assert clean_html(dirty, trusted_ids=True) == dirty


def _census(html: str) -> Counter[str]:
    counts: Counter[str] = Counter()

    class _Count(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            counts[tag] += 1
            counts.update(f"{tag}@{name}" for name, _ in attrs)
    _Count().feed(html)
    return counts


@pytest.mark.slow
def test_the_allow_list_covers_every_element_the_generator_produces(seed_site: Path) -> None:
    """Every generated page, rendered by Markdown, keeps every element and attribute through the sanitiser: no
    reader loses a table, a code block, a diagram, an anchor or a link to it."""
    docs = seed_site.parent / "project" / "docs"
    pages = [p for p in sorted(docs.rglob("*.md")) if p.parent != docs]  # generated pages, not hand-written ones
    assert len(pages) > 20
    for page in pages:
        head, body = page.read_text(encoding="utf-8").split("\n---\n", 1)
        # entry pages are written as HTML (their front matter says so); the others are Markdown
        html = body if "\nee_html: true" in head else markdown.markdown(body, extensions=EXTENSIONS)
        assert _census(clean_html(html)) == _census(html), page


def _step_html(how: str) -> str:
    """A workaround list item as the entry template writes it (generator/render/templates/entry.html.j2)."""
    from markupsafe import Markup

    from generator.render.markup_html import html_text
    from generator.render.pages import _item, _steps
    body = (Markup("Validate the indices.<br>\n<em>How</em>: ") + _steps(how, html_text)
            + Markup("<br>\n<small>sources</small>"))
    return clean_html(f"<ol>\n<li>{_item(body)}</li>\n</ol>")


def test_a_fenced_block_in_how_is_a_code_block_with_its_line_breaks_kept() -> None:
    """Multi-line commands in a workaround's 'how' were joined into one inline code span (`python assert a assert
    b`), which does not run when copied."""
    html = _step_html("Before the loss:\n```python\nassert labels.min() >= 0\nassert ids.max() < n\n```\nThen rerun.")
    code = re.search(r"<pre[^>]*>.*?<code[^>]*>(.*?)</code>", html, re.S)
    assert code and "assert labels.min() &gt;= 0\n" in re.sub(r"<[^>]+>", "", code.group(1))
    assert "<li>" in html and html.index("<li>") < html.index("<pre") < html.index("</li>")  # inside the item
    assert "Then rerun" in html and "Before the loss" in html


@pytest.mark.parametrize("payload", ARTICLE_PAYLOADS[:20])
def test_a_fenced_block_in_how_cannot_end_early_or_inject(payload: str) -> None:
    how = f"x\n```sh\n```\n{payload}\n````\n{payload}\n```\nafter {payload}"
    assert live_markup(_step_html(how)) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*FUZZ_TOKENS, '<a href="javascript:x">', ' href="data:x"', '<img\nSRC = "x">', "<form",
                                 ' formaction="vbscript:y"', ">", '"', " ", "<p/", 'xlink:href="j:x"']), max_size=25))
def test_the_link_guard_looks_at_every_tag_that_holds_a_url_attribute(tokens: list[str]) -> None:
    """hook.on_page_content guards only the tags _TAG_WITH_URL finds: every tag (as _TAG reads tags) in which
    _URL_ATTR finds an attribute is one of them."""
    from generator.mkdocs_edge import hook
    text = "".join(tokens)
    guarded = {m.span() for m in hook._TAG_WITH_URL.finditer(text)}
    needs = {m.span() for m in hook._TAG.finditer(text) if hook._URL_ATTR.search(m.group(0))}
    assert needs <= guarded
    assert guarded <= {m.span() for m in hook._TAG.finditer(text)}
