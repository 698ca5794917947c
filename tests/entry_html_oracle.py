"""A MkDocs hook for tests/test_entry_html.py only (added to a project copy's mkdocs.yml): for each entry page the
generator wrote as HTML, it records what the hook's fast path gave MkDocs (content, table of contents, title, anchors)
and what MkDocs' own render gives for the Markdown the generator used to write for the same page (read from
EE_ORACLE_DOCS, rendered with the same config, files and Markdown events), one JSON line per page in EE_ORACLE_OUT."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils import meta


def _toc(items: Any) -> list[Any]:
    return [[a.level, a.id, a.title, _toc(a.children)] for a in items if isinstance(a, AnchorLink)]


def _state(page: Page) -> dict[str, Any]:
    links = page.links_to_anchors or {}
    return {"content": page.content, "toc": _toc(page.toc), "title": page._title_from_render,
            "anchors": sorted(page.present_anchor_ids or (), key=str),
            "links_to_anchors": sorted([f.src_uri, a] for f, by in links.items() for a in by)}


@event_priority(100)  # first: the content as render gave it, before the site's guards
def on_page_content(html: str, page: Page, config: Any, files: Any) -> str:
    if not page.meta.get("ee_html") or getattr(page, "ee_source_later", False):
        return html  # the hook reads the body again when the page's template is rendered, and this event runs then
    fast = {**_state(page), "content": html}
    saved = {k: getattr(page, k) for k in ("markdown", "content", "toc", "_title_from_render", "present_anchor_ids",
                                           "links_to_anchors")}
    source = (Path(os.environ["EE_ORACLE_DOCS"]) / page.file.src_uri).read_text(encoding="utf-8")
    markdown, _ = meta.get_data(source)
    page.markdown = config.plugins.on_page_markdown(markdown, page=page, config=config, files=files)
    Page.render(page, config, files)
    oracle = _state(page)
    for k, v in saved.items():
        setattr(page, k, v)
    out = Path(os.environ["EE_ORACLE_OUT"]) / f"{os.getpid()}.jsonl"
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"page": page.file.src_uri, "url": page.url, "fast": fast, "oracle": oracle},
                           ensure_ascii=False) + "\n")
    return html
