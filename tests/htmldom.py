"""HTML compared as a reader's browser sees it: a tree of elements (tag, attributes, children) and text, with the
differences no browser shows taken out."""
from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr", "area", "base", "col", "embed"})
# Block-level elements: whitespace between them, and at the start and end of their content, is not rendered.
BLOCK = frozenset({"address", "article", "aside", "blockquote", "div", "dl", "dd", "dt", "figure", "footer", "form",
                   "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
                   "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"})
_SPACE = re.compile(r"[ \t\n\r\f]+")

Node = tuple[str, tuple[tuple[str, str], ...], list["Node | str"]]


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: Node = ("#root", (), [])
        self.stack: list[Node] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node: Node = (tag, tuple(sorted((k, v or "") for k, v in attrs)), [])
        self.stack[-1][2].append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1][2].append((tag, tuple(sorted((k, v or "") for k, v in attrs)), []))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        children = self.stack[-1][2]
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)


def _normalise(node: Node, pre: bool = False) -> Node:
    tag, attrs, children = node
    pre = pre or tag == "pre"
    out: list[Node | str] = []
    for child in children:
        if isinstance(child, str):
            out.append(child if pre else _SPACE.sub(" ", child))
        else:
            out.append(_normalise(child, pre))
    if not pre:
        # whitespace beside a block element, or at the start or end of a block's content, is not rendered
        kept: list[Node | str] = []
        for i, child in enumerate(out):
            if isinstance(child, str):
                before = out[i - 1] if i else None
                after = out[i + 1] if i + 1 < len(out) else None
                if (before is None and (tag in BLOCK or tag == "#root")) or (isinstance(before, tuple)
                                                                              and before[0] in BLOCK):
                    child = child.lstrip(" ")
                if (after is None and (tag in BLOCK or tag == "#root")) or (isinstance(after, tuple)
                                                                             and after[0] in BLOCK):
                    child = child.rstrip(" ")
                if not child:
                    continue
            kept.append(child)
        out = kept
    return (tag, attrs, out)


def dom(html: str) -> Node:
    """`html` as a normalised tree: entities decoded, attributes in order, whitespace runs outside <pre> as one space,
    whitespace beside block elements dropped."""
    parser = _Tree()
    parser.feed(html)
    parser.close()
    return _normalise(parser.root)


def first_difference(a: Node | str, b: Node | str, path: str = "") -> str | None:
    """Where two trees first differ, in words; None when they are the same."""
    if isinstance(a, str) or isinstance(b, str):
        return None if a == b else f"{path}: {a!r} != {b!r}"
    if a[0] != b[0] or a[1] != b[1]:
        return f"{path}: <{a[0]} {dict(a[1])}> != <{b[0]} {dict(b[1])}>"
    here = f"{path}/{a[0]}"
    for i, (x, y) in enumerate(zip(a[2], b[2], strict=False)):
        if (d := first_difference(x, y, f"{here}[{i}]")) is not None:
            return d
    if len(a[2]) != len(b[2]):
        return f"{here}: {len(a[2])} children != {len(b[2])}: {a[2][len(b[2]):]!r} / {b[2][len(a[2]):]!r}"
    return None
