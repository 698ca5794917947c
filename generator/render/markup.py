"""Turn untrusted text into Markdown that renders as text: no HTML, no links, no attributes, no scripts."""
from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

# Python-Markdown's backslash-escapable set, minus '>' (HTML-escaped instead); '|' becomes an entity.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")
_MD_ESCAPED = str.maketrans({c: "\\" + c for c in "\\`*_{}[]()#+-.!"})  # each _MD_SPECIAL character, backslashed
_SAFE_URL = re.compile(r"^https?://[^\s<>\"'`]+$")
_WHITESPACE = re.compile(r"\s+")


def _escape_plain(text: str) -> str:
    text = _WHITESPACE.sub(" ", text)
    text = text.translate(_MD_ESCAPED)  # _MD_SPECIAL.sub(r"\\\1", text), one character at a time in C
    text = html.escape(text, quote=True).replace("|", "&#124;")
    return text


def md_text(value: object) -> Markup:
    """Inline Markdown for untrusted text: `code` spans stay code, everything else is literal text."""
    return _md_text("" if value is None else str(value))


def code_spans(text: str) -> list[tuple[bool, str]]:
    """Untrusted text split at its backticks: (True, code) for each `code` span (whitespace collapsed, possibly
    empty), (False, text) for the text between them. An unbalanced last backtick is literal text. The one rule for
    where a code span is, whether the page is written as Markdown (md_text) or as HTML (markup_html.html_text)."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # unbalanced backtick: the last one is literal
        parts[-2] = parts[-2] + "`" + parts[-1]
        parts.pop()
    return [(i % 2 == 1, _WHITESPACE.sub(" ", part).strip() if i % 2 else part) for i, part in enumerate(parts)]


@lru_cache(maxsize=1 << 16)  # labels, tags, ids and signatures repeat across thousands of pages
def _md_text(text: str) -> Markup:
    # Inside a code span Markdown escapes HTML itself and processes nothing; '|' still splits table cells, so code
    # spans never go into tables (see the templates).
    return Markup("".join((f"`{part}`" if part else "") if code else _escape_plain(part)
                          for code, part in code_spans(text)))


def safe_url(url: object) -> str | None:
    text = "" if url is None else str(url)
    return text if _SAFE_URL.match(text) else None


_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_LINK_DEST = re.compile(r"(!?\[[^\]\n]*\]\()\s*(<[^>\n]*>|[^)\s]*)((?:\s+\"[^\"\n]*\")?\))")
_REF_DEF = re.compile(r"^( {0,3}\[[^\]\n]+\]:\s*)(\S+)(.*)$")


def _clean_dest(dest: str, local: Callable[[str], str | None] | None = None) -> str:
    bare = dest.strip("<>")
    if _SAFE_URL.match(bare):
        return dest
    return (local(bare) if local else None) or "#"


# A code span exactly as Python-Markdown's BacktickInlineProcessor finds one: an opening run of backticks that no
# backslash escapes, closed by a run of the same length, within one paragraph. Anything looser (unequal runs,
# `\`` taken as an opener) would leave text unescaped that Markdown then treats as raw HTML.
_CODE_SPAN = re.compile(r"(?<!\\)(`+)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)


def _escape_article_text(text: str, local: Callable[[str], str | None] | None = None) -> str:
    out = []
    pos = 0
    for m in _CODE_SPAN.finditer(text):
        out.append(_escape_article_prose(text[pos:m.start()], local))
        out.append(m.group(0))  # inline code: Markdown escapes it
        pos = m.end()
    out.append(_escape_article_prose(text[pos:], local))
    return "".join(out)


def _escape_article_prose(part: str, local: Callable[[str], str | None] | None = None) -> str:
    part = part.replace("&", "&amp;").replace("<", "&lt;")
    # attr_list / md_in_html syntax and Jinja-looking braces stay literal text
    part = part.replace("{", "&#123;").replace("}", "&#125;")
    # Images become links: no remote loads from untrusted text (the site must work where hosts are blocked).
    return _LINK_DEST.sub(lambda m: m.group(1).lstrip("!") + _clean_dest(m.group(2), local) + m.group(3), part)


def safe_article_markdown(body: str, local: Callable[[str], str | None] | None = None) -> str:
    """Keep an article's Markdown (headings, emphasis, lists, code) but none of its HTML or unsafe links. A link that is
    not http(s) becomes what `local` maps it to (a page of the site: the article's stored files), else '#'."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    fence: str | None = None
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            chunk = "\n".join(buffer)
            chunk = "\n".join(_REF_DEF.sub(lambda m: m.group(1) + _clean_dest(m.group(2), local) + m.group(3), ln)
                              for ln in chunk.split("\n"))
            out.append(_escape_article_text(chunk, local))
            buffer.clear()

    for line in lines:
        m = _FENCE.match(line)
        if fence is None and m:
            flush()
            fence = m.group(2)[0] * len(m.group(2))
            lang = re.sub(r"[^A-Za-z0-9_+-]", "", m.group(3).strip().split(" ")[0] if m.group(3).strip() else "")
            if lang.lower() == "mermaid":
                lang = "text"  # untrusted diagrams are shown as source, not rendered
            out.append(f"{m.group(1)}{fence}{lang}")
        elif fence is not None:
            out.append(line)
            if m and m.group(2).startswith(fence) and not m.group(3).strip():
                fence = None
        else:
            buffer.append(line)
    flush()
    if fence is not None:
        out.append(fence)  # close an unterminated fence so it cannot swallow the page
    return "\n".join(out) + "\n"


_RELATIVE_LINK = re.compile(r"(\]\()([^)\s#:?]+)((?:#[^)\s]*)?\))")


def repository_links(markdown: str, page: str, root: Path, blob: Callable[[str], str]) -> str:
    """Links in a hand-written page (`page`: its path from the repository root) to a file of the repository outside
    docs/ (`[schema](../generator/load/schema/entry.schema.json)`, a link that also works when GitHub shows the file)
    become links to that file in the repository (`blob(path)`, from config/site.yml). Links to missing files are left
    for MkDocs to report."""
    def repl(m: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), m.group(2)))
        if target.startswith(("../", "docs/")) or target in ("..", ".", "docs") or not (root / target).is_file():
            return m.group(0)
        return m.group(1) + blob(target) + m.group(3)
    return _RELATIVE_LINK.sub(repl, markdown)
