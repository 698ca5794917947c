"""The frame's parts rendered once per folder (generator/mkdocs_edge/frame.py) give every page the bytes it gets when
each page renders them itself; only the pages the navigation does not list share them."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.mkdocs_edge.frame import FragmentMemo, FrameKey
from generator.paths import ENTRIES_DIR
from tests.sitebuild import build_site


def _nav(*urls: str, section: str | None = None) -> SimpleNamespace:
    pages = [SimpleNamespace(url=u, children=None) for u in urls]
    items: list[SimpleNamespace] = pages
    if section is not None:  # a section holding one more page
        items = [*pages, SimpleNamespace(url=None, children=[SimpleNamespace(url=section, children=None)])]
    return SimpleNamespace(items=items)


def _page(url: str, parent: object = None) -> SimpleNamespace:
    return SimpleNamespace(url=url, parent=parent)


def test_an_entry_page_is_keyed_by_its_folder() -> None:
    key, nav = FrameKey(), _nav("", "browse/", "about/", section="browse/cuda/")
    assert key(_page("cuda/illegal-address/"), nav) == "cuda/"
    assert key(_page("zh/cuda/illegal-address/"), nav) == "zh/cuda/"
    assert key(_page("cuda/other/"), nav) == key(_page("cuda/illegal-address/"), nav)
    assert key(_page("pytorch/x/"), nav) != key(_page("cuda/x/"), nav)


@pytest.mark.parametrize("page, why", [
    (_page("about/"), "a top-level page"),
    (_page(""), "the home page"),
    (_page("browse/cuda/"), "listed by the navigation (in a section)"),
    (_page("cuda/x/", parent=object()), "in a section of the navigation"),
    (_page("cuda/x.html"), "not a directory URL"),
    (_page("articles/guide/"), "the navigation lists a page under it"),
])
def test_pages_the_key_cannot_stand_for_get_none(page: SimpleNamespace, why: str) -> None:
    nav = _nav("", "about/", "articles/guide/sub/", section="browse/cuda/")
    assert FrameKey()(page, nav) is None, why


def test_the_memo_renders_a_part_once_per_key() -> None:
    memo, calls = FragmentMemo(), []

    def render(text: str) -> object:
        return lambda: calls.append(text) or text

    assert memo("nav", "cuda/", render("a")) == "a"
    assert memo("nav", "cuda/", render("b")) == "a"  # the same part for the same folder
    assert memo("nav", "pytorch/", render("c")) == "c"
    assert memo("header", "cuda/", render("d")) == "d"  # another part
    assert memo("nav", None, render("e")) == "e" and memo("nav", None, render("f")) == "f"  # no key: every time
    assert calls == ["a", "c", "d", "e", "f"] and memo.rendered == 5


def _every_page_renders_its_parts(project: Path) -> None:
    frame = project / "generator" / "mkdocs_edge" / "frame.py"
    source = frame.read_text(encoding="utf-8")
    marker = "    def __call__(self, page: Any, nav: Any) -> str | None:\n"
    assert marker in source
    frame.write_text(source.replace(marker, marker + "        return None\n"), encoding="utf-8")


@pytest.mark.slow
def test_the_site_is_byte_identical_with_every_page_rendering_its_parts(tmp_path: Path, real_site: Path) -> None:
    plain, proc = build_site(ENTRIES_DIR, tmp_path / "plain", prepare=_every_page_renders_its_parts)
    assert proc.returncode == 0, proc.stderr[-3000:]
    pages = sorted(p.relative_to(real_site).as_posix() for p in real_site.rglob("*.html"))
    assert len(pages) > 500 and "zh/cuda/illegal-address/index.html" in pages
    assert sorted(p.relative_to(plain).as_posix() for p in plain.rglob("*.html")) == pages
    assert [p for p in pages if (plain / p).read_bytes() != (real_site / p).read_bytes()] == []
