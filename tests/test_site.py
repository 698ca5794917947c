"""The real `mkdocs build --strict` output: every page in both languages, links resolve, zh content, JSON API."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.conftest import ARTICLE_ID, SEED_IDS, fragments
from tests.corpus import real_corpus

pytestmark = pytest.mark.slow


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key) and not (tag == "link" and a.get("rel") in ("canonical", "alternate")):
                self.links.append(a[key])


def parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def page(site: Path, url: str) -> str:
    return (site / url.strip("/") / "index.html").read_text(encoding="utf-8")


def text_of(html: str) -> str:
    """Visible text of the page's main content (not the nav or table of contents)."""
    body = html.split('<article class="md-content__inner', 1)[-1].split("</article>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&amp;", "&")


def test_every_seed_entry_and_article_has_en_and_zh_pages(seed_site: Path) -> None:
    for i in [*SEED_IDS, f"articles/{ARTICLE_ID}"]:
        assert (seed_site / i / "index.html").is_file(), i
        assert (seed_site / "zh" / i / "index.html").is_file(), i


def test_the_site_is_in_english_and_chinese_only(seed_site: Path) -> None:
    """config/languages.yml's two languages: each page in its own <html lang>, the switcher lists exactly those two,
    and no other language folder is built."""
    for url, lang in ((SEED_IDS[0], "en"), (f"zh/{SEED_IDS[0]}", "zh")):
        html = page(seed_site, url)
        assert re.search(r'<html lang="([^"]+)"', html).group(1) == lang  # type: ignore[union-attr]
        assert re.findall(r'hreflang="([^"]+)" class="md-select__link"', html) == ["en", "zh"]
    assert sorted(p.name for p in seed_site.iterdir() if p.is_dir() and re.fullmatch(r"[a-z]{2}(-\w+)?", p.name)) \
        == ["zh"]


def test_zh_entry_shows_chinese_signature_root_cause_and_untranslated_marker(seed_site: Path) -> None:
    html = page(seed_site, "zh/cuda/stream-capture-invalid-scope")
    text = text_of(html)
    assert "运行时错误：CUDA错误：流正在捕获时不允许操作（streamCaptureInvalidated）" in text
    assert "流上正在进行CUDA图捕获" in text
    workarounds = text.split("解决办法", 1)[1].split("版本", 1)[0]
    assert "尚未翻译" in workarounds
    assert '<span lang="en">Move all memory allocations' in html  # the English fallback is marked as English
    assert "Move all memory allocations and host-device synchronization outside the capture scope" in workarounds


def test_entry_page_sections_and_version_table(seed_site: Path) -> None:
    html = page(seed_site, "cuda/stream-capture-invalid-scope")
    text = text_of(html)
    for heading in ["Root cause", "What not to try", "Workarounds", "Versions", "Transition graph", "Details"]:
        assert f">{heading}<" in html.replace('<a class="headerlink"', "<").replace("¶", "") or heading in text
    rows = re.findall(r"<tr>\s*<td>(.*?)</td>\s*<td>(.*?)</td>\s*<td>(.*?)</td>", html, re.S)
    assert ("NVIDIA Driver", "535.129.03", "active") in rows
    assert ("PyTorch", "2.1.0", "active") in rows
    assert "<code>torch.cuda.CUDAGraph.begin_capture()</code>" not in html  # not in backticks in the seed
    assert "An attempt (not described in the source)" in text  # empty dead-end action reads sensibly


def test_inline_code_in_workarounds_is_rendered_as_code(seed_site: Path) -> None:
    html = page(seed_site, "cuda/cuda-error-invalid-sync-object")
    assert "<code>cudaSetDevice(deviceId); cudaEvent_t event; cudaEventCreate(&amp;event);</code>" in html


def test_how_identical_to_action_is_not_repeated(seed_site: Path) -> None:
    text = text_of(page(seed_site, "cuda/illegal-memory-access-after-free"))
    assert text.count("Use reference counting or weak references to track tensor lifetimes") == 1


def test_article_and_entries_link_both_ways(seed_site: Path) -> None:
    art = page(seed_site, f"articles/{ARTICLE_ID}")
    assert 'href="../../cuda/cuda-error-driver-unloading/"' in art
    entry = page(seed_site, "zh/cuda/cuda-error-driver-unloading")
    assert f'href="../../articles/{ARTICLE_ID}/"' in entry  # zh page links to the zh article
    assert "it’s less efficient" in art and "itâ€™s" not in art


def _internal_links_resolve(site: Path) -> None:
    broken = []
    for html_file in site.rglob("*.html"):
        base = "/" + html_file.parent.relative_to(site).as_posix() + "/"
        parsed = parse(html_file)
        for link in parsed.links:
            u = urlparse(link)
            if u.scheme or link.startswith(("#", "//", "mailto:")):
                continue
            target = Path(unquote(urlparse(re.sub(r"#.*", "", link)).path))
            resolved = (site / link.lstrip("/") if link.startswith("/")
                        else (site / base.strip("/") / target).resolve())
            if resolved.is_dir():
                resolved = resolved / "index.html"
            if not resolved.exists():
                broken.append(f"{html_file.relative_to(site)} -> {link}")
    assert not broken, broken[:20]


def test_every_internal_link_resolves_in_seed_site(seed_site: Path) -> None:
    _internal_links_resolve(seed_site)


def test_json_api_parses(seed_site: Path) -> None:
    index = json.loads((seed_site / "api/v1/index.json").read_text(encoding="utf-8"))
    assert index["count"] == 4 and {e["id"] for e in index["entries"]} == set(SEED_IDS)
    base = "https://cuda-error-encyclopedia.github.io/"  # config/site.yml: absolute addresses (issue #11)
    for e in index["entries"]:
        doc = json.loads((seed_site / e["url"].removeprefix(base)).read_text(encoding="utf-8"))
        assert doc["id"] == e["id"] and doc["derived"]["url"]["zh"] == f"{base}zh/{e['id']}/" == e["html"]["zh"]


def test_search_index_holds_entries_in_words_the_browser_splits_queries_into(seed_site: Path) -> None:
    """Pagefind keeps one index per <html lang>; the zh one has a space between the words Intl.Segmenter finds
    (generator/build/search_index.py), so 捕获 in a zh reader's query meets 捕获 in the page."""
    entry = json.loads((seed_site / "pagefind/pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == {"en", "zh"}
    pages = fragments(seed_site)
    indexed = {f"/{i}/" for i in SEED_IDS} | {f"/articles/{ARTICLE_ID}/"}  # entries and articles, nothing else
    assert set(pages) == indexed | {f"/zh{u}" for u in indexed}
    words = pages["/zh/cuda/stream-capture-invalid-scope/"]["content"].split()
    assert "捕获" in words


def test_no_page_loads_scripts_from_a_cdn(seed_site: Path) -> None:
    for html_file in seed_site.rglob("*.html"):
        for src in re.findall(r'<script[^>]+src="([^"]+)"', html_file.read_text(encoding="utf-8")):
            assert not urlparse(src).scheme, f"{html_file}: {src}"


def test_mermaid_is_served_from_the_site_only_on_diagram_pages(seed_site: Path) -> None:
    assert (seed_site / "assets/generated/mermaid.min.js").is_file()
    assert "mermaid.min.js" not in page(seed_site, "")


def test_nav_does_not_list_entries(seed_site: Path) -> None:
    nav = page(seed_site, "").split('<nav class="md-nav md-nav--primary"', 1)[1].split("</nav>", 1)[0]
    assert "stream-capture-invalid-scope" not in nav


# The repository's own entries: every one in both languages, links resolve, diagrams present where edges exist.

def test_real_site_has_every_entry_in_both_languages(real_site: Path) -> None:
    ids = [e.id for e in real_corpus().entries]
    assert len(ids) >= 4
    missing = [i for i in ids
               if not (real_site / i / "index.html").is_file() or not (real_site / "zh" / i / "index.html").is_file()]
    assert not missing


def test_every_internal_link_resolves_in_real_site(real_site: Path) -> None:
    _internal_links_resolve(real_site)


def test_seed_pages_show_acknowledged_errors_and_warnings(seed_site: Path) -> None:
    text = text_of(page(seed_site, "cuda/stream-capture-invalid-scope"))
    assert "Known problems, acknowledged" in text and "E101" in text and "E301" in text
    assert "Warnings from the checks" in text and "W502" in text and "2024-09-05 is after last_confirmed" in text
    zh = text_of(page(seed_site, "zh/cuda/stream-capture-invalid-scope"))
    assert "已知并接受的问题" in zh and "检查提出的警告" in zh and "W502" in zh
    rules = page(seed_site, "rules")
    assert 'id="w502"' in rules and "first-seen-after-last-confirmed" in rules


def test_english_fallback_text_stays_out_of_the_zh_search_index(seed_site: Path) -> None:
    """The seeds' workarounds_zh is English: the zh page shows it, but the zh index does not carry it twice."""
    text = text_of(page(seed_site, "zh/cuda/stream-capture-invalid-scope"))
    english = "Move all memory allocations and host-device synchronization outside the capture scope"
    assert english in text
    pages = fragments(seed_site)
    zh = pages["/zh/cuda/stream-capture-invalid-scope/"]["content"]
    assert english not in zh and "捕获" in zh
    assert english in pages["/cuda/stream-capture-invalid-scope/"]["content"]


def test_search_index_leaves_out_links_tables_and_editorial_history(seed_site: Path) -> None:
    """Only an entry's own text is searched: not the badges, the versions table, links to other entries, the
    details list or the acknowledged check findings (every page has them; they made readers' queries match
    everything)."""
    content = fragments(seed_site)["/cuda/stream-capture-invalid-scope/"]["content"]
    assert "cudaErrorStreamCaptureInvalidated" in content  # the error code, in the line under the title
    shown = text_of(page(seed_site, "cuda/stream-capture-invalid-scope"))
    for label in ("Known problems, acknowledged", "Warnings from the checks", "Verification", "Details", "Versions"):
        assert label in shown and label not in content, label
