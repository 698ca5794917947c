"""Defects readers saw on generated pages (issue #11), each with a test that catches it coming back."""
from __future__ import annotations

import re
from pathlib import Path

import pytest


@pytest.mark.slow
def test_the_404_page_at_the_root_is_english_and_the_zh_one_is_chinese(seed_site: Path) -> None:
    """Static hosts serve site/404.html for every missing page: it must be the default language's. The i18n
    plugin wrote the zh build's over it (issue #11); the hook puts each language's where it belongs."""
    assert '<html lang="en"' in (seed_site / "404.html").read_text(encoding="utf-8")
    assert '<html lang="zh"' in (seed_site / "zh" / "404.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_404_page_sends_the_reader_to_the_paste_box_and_the_indexes_in_each_language(seed_site: Path) -> None:
    """A reader lands on the 404 page from an old or mistyped link, usually with an error in hand: the page offers the
    paste box, the code index, browse and home, in its own language, and the other language's links too (static
    hosts serve the root 404 page for every missing address, /zh/ ones included). Links are root-absolute: the page
    is served at any depth."""
    def links(html: str) -> list[str]:
        body = html[html.index('id="not-found"'):]
        return re.findall(r'<a href="([^"]*)"', body[:body.index("</article>")])
    en = (seed_site / "404.html").read_text(encoding="utf-8")
    zh = (seed_site / "zh" / "404.html").read_text(encoding="utf-8")
    assert links(en) == ["/match/", "/browse/codes/", "/browse/", "/", "/zh/match/", "/zh/browse/codes/", "/zh/"]
    assert links(zh) == ["/zh/match/", "/zh/browse/codes/", "/zh/browse/", "/zh/", "/match/", "/browse/codes/", "/"]
    assert "此地址没有页面：" in en and "粘贴报错" in zh and "No page at this address" in zh
    for page in (en, zh):
        assert all((seed_site / href.strip("/") / "index.html").is_file() for href in links(page))


@pytest.mark.slow
def test_tags_page_headings_read_as_written_and_start_with_an_overview(real_site: Path) -> None:
    """Tag headings are raw HTML (for stable ids), where Markdown escapes are not processed: 'api\\-misuse' was
    shown with its backslash (issue #11). An overview of every tag links to its section."""
    page = (real_site / "browse" / "tags" / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h2 id="tag-[^"]*">(.*?)</h2>', page)
    assert headings and not [h for h in headings if "\\" in h]
    assert 'href="#tag-api-misuse"' in page and page.index('href="#tag-api-misuse"') < page.index('id="tag-api-misuse"')


@pytest.mark.slow
def test_chinese_headings_get_readable_anchors(seed_site: Path) -> None:
    """The default slugify dropped every non-ASCII letter: zh headings were #_1 … #_7 (issue #11)."""
    page = (seed_site / "zh" / "cuda" / "stream-capture-invalid-scope" / "index.html").read_text(encoding="utf-8")
    ids = re.findall(r'<h[23] id="([^"]*)"', page)
    assert ids and not [i for i in ids if re.fullmatch(r"_\d*", i)]
    assert "根本原因" in ids


class _Text(__import__("html.parser").parser.HTMLParser):
    """Text outside code, pre and script: what a reader sees as prose."""
    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.skip += tag in ("code", "pre", "script", "style", "textarea")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("code", "pre", "script", "style", "textarea")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.text.append(data)


@pytest.mark.slow
def test_no_markdown_escape_shows_on_any_page(seed_site: Path) -> None:
    """A Markdown escape (`\\.`, `\\-`) inside raw HTML is shown as written: the tags page's headings and the
    workarounds' order note did this. No page's prose shows one."""
    shown = []
    for page in sorted(seed_site.rglob("index.html")):
        parser = _Text()
        parser.feed(page.read_text(encoding="utf-8"))
        body = "".join(parser.text)
        shown += [f"{page.relative_to(seed_site)}: {m.group(0)!r}"
                  for m in re.finditer(r".{0,20}\\[\\`*_{}\[\]()#+\-.!].{0,5}", body)]
    assert shown == []
