"""Untrusted text as HTML, for the pages the generator writes as HTML rather than Markdown (entry pages: issue 12,
Python-Markdown was more than half of a build's CPU). Each helper gives the HTML that Python-Markdown, with the
site's extensions (mkdocs.yml), makes of its Markdown counterpart in markup.py for the same text, built directly:
the same rules hold (no HTML from contributed text, links only to http(s) and only through `html_ext_link`, no
attributes), and the same escaping decides what is text. Python-Markdown itself runs only on the rare pieces whose
HTML is its extensions' own work (a fenced code block, highlighted by Pygments; an inline code span that asks for a
language), so those come out exactly as it makes them.

tests/test_entry_html.py checks every real entry page, in each language, against MkDocs' render of the Markdown the
generator used to write."""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from markdown.extensions.toc import strip_tags, unique
from markupsafe import Markup
from pymdownx.slugs import slugify

from generator.render.markup import code_spans, safe_url

_WHITESPACE = re.compile(r"\s+")
_STEP_FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)[ \t]*\n(.*?)\n```[ \t]*$", re.M | re.S)
# pymdownx.inlinehilite: a code span that starts with `#!lang ` or `:::lang ` is highlighted as that language.
_INLINE_LANG = re.compile(r"^((?:\:{3,}|\#!)(?P<lang>[\w#.+-]*)\s+)")

# The Markdown extensions whose output the rare pieces above need, configured as in mkdocs.yml
# (tests/test_entry_html.py checks that they are).
MARKDOWN_EXTENSIONS: list[str] = ["pymdownx.superfences", "pymdownx.highlight", "pymdownx.inlinehilite"]
# mkdocs.yml's toc settings: Unicode-aware ids, lower case; a permalink after each heading.
_slugify = slugify(case="lower")
PERMALINK = '<a class="headerlink" href="#{id}" title="Permanent link">&para;</a>'


def _markdown_config() -> dict[str, dict[str, Any]]:
    from pymdownx.superfences import fence_code_format
    return {"pymdownx.superfences": {"custom_fences": [{"name": "mermaid", "class": "mermaid",
                                                        "format": fence_code_format}]},
            "pymdownx.highlight": {"anchor_linenums": False}}


_converter: list[Any] = []  # one Python-Markdown instance, reset between pieces (making one costs as much as a block)


def _convert(source: str) -> str:
    """Python-Markdown's HTML for a piece of Markdown (a code block, a code span), with the site's extensions."""
    if not _converter:
        import markdown
        _converter.append(markdown.Markdown(extensions=MARKDOWN_EXTENSIONS, extension_configs=_markdown_config()))
    return str(_converter[0].reset().convert(source))


_markdown = lru_cache(maxsize=1 << 12)(_convert)  # entry pages' small pieces repeat across pages


def _escape_plain(text: str) -> str:
    return html.escape(_WHITESPACE.sub(" ", text), quote=True)


def _code_span(code: str) -> str:
    """A code span's HTML: its text escaped, or (`#!lang code`) inlinehilite's highlighted span."""
    if _INLINE_LANG.match(code):
        out = _markdown(f"`{code}`")
        return out.removeprefix("<p>").removesuffix("</p>")
    return f"<code>{html.escape(code, quote=False)}</code>"


def html_text(value: object) -> Markup:
    """Untrusted text as inline HTML: `code` spans become <code>, everything else is escaped text (markup.md_text)."""
    return _html_text("" if value is None else str(value))


@lru_cache(maxsize=1 << 16)  # labels, tags, ids and signatures repeat across thousands of pages
def _html_text(text: str) -> Markup:
    return Markup("".join((_code_span(part) if part else "") if code else _escape_plain(part)
                          for code, part in code_spans(text)))


def html_verbatim(value: object) -> Markup:
    """Untrusted text shown exactly as printed (error messages): one <code> (as Markdown showed it as one code span)."""
    text = _WHITESPACE.sub(" ", "" if value is None else str(value)).strip()
    if not text:
        return Markup("``")  # an empty Markdown code span is no code span: two backticks, as text
    if text.startswith("`") or text.endswith("`"):
        return Markup(f"<code>{html.escape(text, quote=False)}</code>")  # padded: never a language
    return Markup(_code_span(text))


def html_ext_link(url: object, label: object = None) -> Markup:
    """An external link; anything but http(s) becomes plain text."""
    ok = safe_url(url)
    shown = html_text(label if label is not None else url)
    if not ok:
        return shown
    return Markup(f'<a href="{html.escape(ok, quote=True)}" rel="nofollow noopener">{shown}</a>')


class CodeBlock(Markup):
    """A block of HTML that ends the paragraph it is written in (a highlighted code block of a workaround's steps)."""


def code_block(code: str, lang: str) -> CodeBlock:
    """A fenced code block as pymdownx.superfences and pymdownx.highlight render it. The generator's Markdown tidied
    the lines of such a block (generator/render/pages.py _tidy: trailing blanks dropped, runs of blank lines made
    one) and Python-Markdown expanded its tabs: the same here, so the code reads as it did."""
    lines: list[str] = []
    for line in code.split("\n"):
        line = ("    " + line).expandtabs(4)[4:].rstrip() if line.strip() else ""
        if line or not lines or lines[-1]:
            lines.append(line)
    return CodeBlock(_markdown(fenced("\n".join(lines), lang)))


def fenced(text: str, lang: str) -> str:
    """`text` as a fenced code block in Markdown: a fence longer than any run of backticks in it."""
    fence = "`" * max(3, max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence}{lang}\n{text}\n{fence}"


_SPACES_ONLY = re.compile(r"^ +$", re.M)
_formatter: list[Any] = []


@lru_cache(maxsize=64)
def _lexer(lang: str) -> Any:
    from pygments.lexers import get_lexer_by_name
    return get_lexer_by_name(lang, stripnl=True)


def file_block(text: str, lang: str) -> Markup:
    """A stored file shown whole as a fenced code block (markup `fenced(text, lang)`, `lang` a Pygments lexer's name),
    as pymdownx.superfences and pymdownx.highlight render it: its text escaped by Pygments, never markup, whatever it
    holds. Pygments is called directly with the lexer and formatter pymdownx.highlight makes for such a block (made
    once here: making them was a third of the cost of a block), after Python-Markdown's whitespace rules (STX and ETX
    dropped, CR as LF, tabs to 4 columns, lines of spaces emptied); tests/test_entry_html.py checks that this is
    _convert(fenced(text, lang)). Not cached: files are large and each is shown on one page per language
    (generator/render/repro.py)."""
    from pygments import highlight
    if not _formatter:
        from pymdownx.highlight import BlockHtmlFormatter
        _formatter.append(BlockHtmlFormatter(  # pymdownx.highlight's, for a block without line numbers or title
            cssclass="highlight", linenos=False, linenostart=1, linenostep=1, linenospecial=0, style="default",
            noclasses=False, hl_lines=[], wrapcode=True, filename="", linespans="", lineanchors="",
            anchorlinenos=False))
    text = text.replace("\x02", "").replace("\x03", "").replace("\r\n", "\n").replace("\r", "\n").expandtabs(4)
    return Markup(highlight(_SPACES_ONLY.sub("", text), _lexer(lang), _formatter[0]).strip())


def html_steps(value: object, prose: Callable[[str], Markup] = html_text) -> list[Markup]:
    """Untrusted 'how' text that may hold fenced code blocks (```lang ... ```): the prose between them as `prose`
    (markup.md_text would join a multi-line command into one line), each block as a CodeBlock with its lines and line
    breaks kept, so a multi-line command reads and copies as written."""
    text = "" if value is None else str(value)
    blocks = list(_STEP_FENCE.finditer(text))
    if not blocks:
        return [prose(text)]
    out: list[Markup] = []
    at = 0
    for m in blocks:
        before = text[at:m.start()].strip()
        out.append(prose(before) if before else Markup(""))
        out.append(code_block(m.group(2).replace("\r\n", "\n").replace("\r", "\n"), m.group(1)))
        at = m.end()
    after = text[at:].strip()
    out.append(prose(after) if after else Markup(""))
    return out


def paragraphs(parts: Iterable[Markup | str], wrap: bool) -> Markup:
    """Inline parts as a list item's content: the runs between CodeBlocks as paragraphs (as <p> where `wrap` or where a
    code block splits them, as Python-Markdown does in a loose list), the code blocks between."""
    runs: list[list[str]] = [[]]
    blocks: list[str] = []
    for part in parts:
        if isinstance(part, CodeBlock):
            blocks.append(str(part))
            runs.append([])
        else:
            runs[-1].append(str(part))
    texts = ["".join(r) for r in runs]
    if not blocks and not wrap:
        return Markup(texts[0])
    out = []
    for i, text in enumerate(texts):
        if text.strip():
            out.append(f"<p>{text.strip()}</p>")
        if i < len(blocks):
            out.append(blocks[i])
    return Markup("\n".join(out))


@lru_cache(maxsize=1 << 14)  # every page has the same section headings
def _slug(inner: str) -> str:
    """The id the toc extension gives a heading with this inner HTML (before making it unique on the page)."""
    return str(_slugify(html.unescape(strip_tags(inner)), "-"))


class Headings:
    """A page's heading ids, as the toc extension gives them: the heading's text slugified (mkdocs.yml: pymdownx.slugs,
    lower case), `_1`, `_2` ... after a repeated one."""

    def __init__(self, fixed: Iterable[str] = ()) -> None:
        self.used: set[str] = set(fixed)  # ids the page gives elements itself: a slug that would repeat one is suffixed
        self.counters: dict[str, int] = {}

    def __call__(self, level: int, inner: Markup, attrs: str = "", fixed: str | None = None) -> Markup:
        """<hN> with the id (its slug, or `fixed`: one of those the Headings were made with), any `attrs` (already
        escaped: `class="ee-title"`) and the permalink."""
        anchor = fixed if fixed is not None else unique(_slug(str(inner)), self.used, self.counters)
        attributes = " ".join(sorted([*([attrs] if attrs else []), f'id="{html.escape(anchor, quote=True)}"']))
        return Markup(f"<h{level} {attributes}>{inner}"
                      f"{PERMALINK.format(id=html.escape(anchor, quote=True))}</h{level}>")
