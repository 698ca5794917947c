"""Which texts are really translated (a language's fields, in its script): missing, empty or still-English text
counts as untranslated; and what a reader of a translated language's pages sees in English."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import unescape
from typing import Any

from generator.config import families
from generator.l10n.languages import Language, languages
from generator.model import DeadEnd, Entry, Workaround, ZhText

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def has_chinese(text: str | None) -> bool:
    return bool(text and _CJK.search(text))


def source_hash(text: str) -> str:
    """Short hash of the English text a translation was made from (stale-translation check)."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class ZhStatus:
    signature: bool
    root_cause: bool
    dead_ends: tuple[bool, ...]  # one flag per English dead end: its main text (action / why_fails)
    workarounds: tuple[bool, ...]  # one flag per English workaround: its action
    # One flag per item: its condition is translated, or the English item has none.
    dead_end_conditions: tuple[bool, ...] = ()
    workaround_conditions: tuple[bool, ...] = ()

    @property
    def fields(self) -> dict[str, bool]:
        return {
            "signature_zh": self.signature,
            "root_cause_zh": self.root_cause,
            "dead_ends_zh": all(self.dead_ends) and all(self.dead_end_conditions),
            "workarounds_zh": all(self.workarounds) and all(self.workaround_conditions),
        }

    @property
    def complete(self) -> bool:
        return all(self.fields.values())


def zh_status(entry: Entry) -> ZhStatus:
    """Which `_zh` fields hold Chinese text (the lint rules' view; a zh page shows the same: translation_status)."""
    return _status(entry, lambda name: getattr(entry, f"{name}_zh"), has_chinese)


def translation_status(entry: Entry, lang: Language) -> ZhStatus:
    """Which of the entry's texts a page in `lang` shows in that language (config/languages.yml: the fields with its
    suffix, written in its script); the rest it shows in the default language, marked untranslated."""
    return _status(entry, lambda name: lang.text(entry, name), lang.translated)


def _status(entry: Entry, text: Callable[[str], Any], ok: Callable[[Any], bool]) -> ZhStatus:
    dead_ends: Sequence[ZhText] = text("dead_ends") or ()
    workarounds: Sequence[ZhText] = text("workarounds") or ()

    def item_ok(items: Sequence[ZhText], i: int, *texts: str) -> bool:
        return i < len(items) and any(ok(getattr(items[i], t)) for t in texts)

    def condition_ok(english: Sequence[DeadEnd | Workaround], items: Sequence[ZhText], i: int) -> bool:
        return not english[i].condition or item_ok(items, i, "condition")

    return ZhStatus(
        signature=ok(text("signature")),
        root_cause=ok(text("root_cause")),
        dead_ends=tuple(item_ok(dead_ends, i, "why_fails", "action") for i in range(len(entry.dead_ends))),
        workarounds=tuple(item_ok(workarounds, i, "action") for i in range(len(entry.workarounds))),
        dead_end_conditions=tuple(condition_ok(entry.dead_ends, dead_ends, i) for i in range(len(entry.dead_ends))),
        workaround_conditions=tuple(condition_ok(entry.workarounds, workarounds, i)
                                    for i in range(len(entry.workarounds))),
    )


def translation_source(raw: dict[str, Any], zh_field: str) -> str:
    """The English text a zh field translates, as one string (what `translated_from` hashes)."""
    if zh_field in ("signature_zh", "root_cause_zh", "title_zh"):
        return str(raw.get(zh_field[:-3], ""))
    keys = ("action", "why_fails", "condition") if zh_field == "dead_ends_zh" else ("action", "how", "condition")
    return "\n\n".join("\n".join(str(item.get(k, "")) for k in keys) for item in raw.get(zh_field[:-3], []))


def stamp(raw: dict[str, Any]) -> dict[str, Any]:
    """`translated_from` for every zh field that holds Chinese text: the hash of its English source now."""
    stamped = {f: source_hash(translation_source(raw, f)) for f in ("signature_zh", "root_cause_zh", "dead_ends_zh",
                                                                   "workarounds_zh", "title_zh")
               if _translated(raw.get(f))}
    return stamped


def _translated(value: object) -> bool:
    if isinstance(value, str):
        return has_chinese(value)
    if isinstance(value, list) and value:
        return any(has_chinese(v if isinstance(v, str) else " ".join(str(x) for x in v.values())) for v in value)
    return False


# ---- What a zh reader sees that is not Chinese (the translation-status page and its tests) ----
#
# The JSON says little about that: a `_zh` field with one Chinese character and three English sentences passes
# `has_chinese`, and some text on a page has no `_zh` field at all. So the check reads each zh page as rendered:
# its text outside code, quotations, citations (external links: the titles of the documents they cite) and known
# error messages, and reports (a) English shown on purpose, marked `lang="en"` (untranslated fallbacks: the reader
# is told), and (b) English prose that is not marked: a sentence that should have been translated.

# An English word as prose writes it; identifiers (snake_case, CamelCase, dotted, ALLCAPS, with digits) are not.
_NATURAL = re.compile(r"(?:[A-Z]?[a-z]+|[aAI])(?:[-'’][a-z]+)*")
_FUNCTION_WORDS = frozenset({
    "the", "a", "an", "is", "are", "was", "were", "be", "been", "being", "to", "of", "and", "or", "in", "on", "for",
    "with", "by", "from", "that", "this", "these", "those", "it", "its", "not", "can", "cannot", "when", "if", "as",
    "at", "no", "has", "have", "had", "does", "do", "did", "only", "which", "than", "then", "but", "so", "into",
    "your", "you", "their", "they", "there", "what", "how", "why", "will", "would", "should", "must", "may", "might",
    "after", "before", "while", "because", "until"
})
MIN_PROSE_WORDS = 4  # English words (outside messages) in one run of text before it reads as a sentence
_SHINGLE = 4
_RUN_BREAK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\n·|—–¶•→]+")
# Quotations (of a message, a document, a log line) stay in the language they were written in; so does a short gloss
# of the original wording in full-width parentheses right after Chinese text: 粘滞（sticky）错误.
_QUOTED = re.compile(r"“[^”\n]*”|‘[^’\n]*’|「[^」\n]*」|『[^』\n]*』|\"[^\"\n]*\""
                     r"|(?<![A-Za-z])'(?:[^'\n]|(?<=[A-Za-z])'(?=[A-Za-z]))+'(?![A-Za-z])"
                     r"|(?<=[\u3400-\u9fff”」』])（[^（）\n]{1,80}）")
_QUOTE_START = re.compile("[“‘「『\"'（]")  # the first character of every _QUOTED match
_URL = re.compile(r"\b(?:https?|ftp)://\S+")
_STRIP = ".,;:!?()[]{}<>\"'“”‘’…*"


def _words(text: str) -> list[str]:
    """The natural English words of `text`, lowercased, in order (identifiers and numbers left out)."""
    out = []
    for token in text.split():
        word = token.strip(_STRIP)
        if _NATURAL.fullmatch(word):
            out.append(word.lower())
    return out


def message_shingles(messages: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """Every run of four consecutive English words of the known error messages: text on a page that is made of
    them is a message (shown verbatim), not prose to translate, even where code spans cut it in pieces."""
    out: set[tuple[str, ...]] = set()
    for m in messages:
        w = _words(m)
        out.update(tuple(w[i:i + _SHINGLE]) for i in range(len(w) - _SHINGLE + 1))
    return frozenset(out)


def english_prose(text: str, messages: frozenset[tuple[str, ...]] = frozenset()) -> list[str]:
    """The runs of `text` (between Chinese characters, full-width punctuation and line breaks) that read as
    English prose: at least MIN_PROSE_WORDS English words that are not part of a known message, one of them a
    function word, and English words at least half of the run's tokens. Quotations and URLs are left out."""
    if _QUOTE_START.search(text):  # every quotation begins with one of these: most texts have none
        text = _QUOTED.sub("\n", text)
    if "://" in text:
        text = _URL.sub(" ", text)
    found = []
    for run in _RUN_BREAK.split(text):
        tokens = run.split()
        if len(tokens) < MIN_PROSE_WORDS:
            continue
        words = _words(run)
        if len(words) < MIN_PROSE_WORDS or len(words) * 2 < len(tokens):
            continue
        covered = [False] * len(words)
        for i in range(len(words) - _SHINGLE + 1):
            if tuple(words[i:i + _SHINGLE]) in messages:
                covered[i:i + _SHINGLE] = [True] * _SHINGLE
        rest = [w for w, c in zip(words, covered, strict=True) if not c]
        if len(rest) >= MIN_PROSE_WORDS and any(w in _FUNCTION_WORDS for w in rest):
            found.append(" ".join(tokens))
    return found


@dataclass(frozen=True)
class Finding:
    section: str  # the heading of the page section it is in ("" before the first one)
    text: str  # what the reader sees (shortened)
    marked: bool  # inside lang="en": shown untranslated on purpose, and the reader is told


@dataclass
class _Block:
    section: str
    marked: bool
    parts: list[str] = field(default_factory=list)


_SKIP = frozenset({"code", "pre", "script", "style", "svg", "kbd", "samp", "blockquote", "textarea", "template"})
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr", "area", "base", "col", "embed"})
_BLOCK = frozenset({"p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
                    "dt", "dd", "dl", "section", "article", "nav", "header", "footer", "details", "summary", "br",
                    "label", "button", "form", "option", "select"})


class _Visible:
    """The text a reader sees in an HTML fragment, as blocks, each with its section and whether it is marked English."""

    def __init__(self) -> None:
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, skip, marked)
        self.section = ""
        self.heading: list[str] | None = None
        self.blocks: list[_Block] = []

    def _state(self) -> tuple[bool, bool]:
        return (self.stack[-1][1], self.stack[-1][2]) if self.stack else (False, False)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        skip, marked = self._state()
        classes = a.get("class", "").split()
        if (tag in _SKIP or "mermaid" in classes or "headerlink" in classes
                or (tag == "a" and re.match(r"(?i)https?:", a.get("href", "")))):
            skip = True
        if "lang" in a:
            marked = a["lang"].split("-")[0].lower() == "en"
        if tag in _BLOCK:
            self.blocks.append(_Block(self.section, marked))
        if tag == "h2":
            self.heading = []
        if tag == "code" and not self._state()[0]:
            self.handle_data(" … ")  # where code was (the excerpt reads "via … ." rather than "via .")
        if tag not in _VOID:
            self.stack.append((tag, skip, marked))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK:
            self.blocks.append(_Block(self.section, self._state()[1]))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or not any(t == tag for t, _, _ in self.stack):
            return
        while self.stack:
            if self.stack.pop()[0] == tag:
                break
        if tag == "h2" and self.heading is not None:
            self.section = " ".join("".join(self.heading).split())
            self.heading = None
        if tag in _BLOCK:
            self.blocks.append(_Block(self.section, self._state()[1]))

    def handle_data(self, data: str) -> None:
        skip, marked = self._state()
        if skip:
            return
        if self.heading is not None:
            self.heading.append(data)
        if not self.blocks or self.blocks[-1].marked != marked or self.blocks[-1].section != self.section:
            self.blocks.append(_Block(self.section, marked))
        self.blocks[-1].parts.append(data)


# HTML as the generator and MkDocs write it, tokenized by one regex (html.parser took most of the report's time):
# comments and declarations, tags with their attributes, text.
_TOKEN = re.compile(r"<!--.*?(?:-->|$)|<![^>]*>|<(/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"
                    r"|[^<]+|<", re.S)
_ATTRIBUTE = re.compile(r"""([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_RAW_TEXT = frozenset({"script", "style", "textarea"})


def visible_blocks(html: str) -> list[tuple[str, str, bool]]:
    """(section, text, marked) for each run of visible text in `html`."""
    parser = _Visible()
    pos, end = 0, len(html)
    token = _TOKEN.match
    while pos < end:
        m = token(html, pos)
        assert m is not None  # the last alternative matches any single '<'
        pos = m.end()
        closing, tag, inside = m.groups()
        if tag is None:
            text = m.group(0)
            if not text.startswith("<!"):
                parser.handle_data(unescape(text))
            continue
        tag = tag.lower()
        if closing:
            parser.handle_endtag(tag)
            continue
        attrs: list[tuple[str, str | None]] = [
            (a.group(1).lower(), unescape(next((g for g in a.groups()[1:] if g is not None), "")))
            for a in _ATTRIBUTE.finditer(inside)] if inside else []
        if inside.rstrip().endswith("/"):
            parser.handle_startendtag(tag, attrs)
            continue
        parser.handle_starttag(tag, attrs)
        if tag in _RAW_TEXT:  # its content is text up to its end tag, never markup; it is skipped
            close = re.compile(rf"</{tag}\s*>", re.I).search(html, pos)
            pos = close.start() if close else end
    out = []
    for b in parser.blocks:
        text = " ".join("".join(b.parts).split())
        if text:
            out.append((b.section, text, b.marked))
    return out


def findings(html: str, messages: frozenset[tuple[str, ...]] = frozenset()) -> list[Finding]:
    """What a zh reader sees in English in `html`: marked text with English words, and unmarked English prose."""
    out: list[Finding] = []
    for section, text, marked in visible_blocks(html):
        if marked:
            if _words(text):
                out.append(Finding(section, _short(text), True))
        else:
            out.extend(Finding(section, _short(run), False) for run in english_prose(text, messages))
    return list(dict.fromkeys(out))


def _short(text: str, n: int = 120) -> str:
    return text if len(text) <= n else text[:n - 1].rstrip() + "…"


# The Markdown the generator writes, as the HTML parser above reads it: what matters is which text is code,
# quotation, citation or marked English, and where sections begin; nothing else of Markdown changes the words.
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_FENCE_OPEN = re.compile(r"^ {0,4}(`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(?<!\\)(`+)(?:(?!\n[ \t]*\n).)+?(?<!`)\1(?!`)", re.S)
_MD_LINK = re.compile(r"(?<!\\)\[((?:[^\[\]]|\\[\[\]])*)\](?:\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\)|\[([^\]]*)\])")
_REF_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(\S+).*$", re.M)
_ATTR_LIST = re.compile(r"[ \t]*\{[ \t]*(?:[#.:][^}\n]*|data-pagefind-ignore[ \t]*)\}[ \t]*$", re.M)
_ADMONITION = re.compile(r"^( *)(?:!!!|\?\?\?\+?) *[\w-]+(?: +\"(.*)\")? *$")
_HEADING = re.compile(r"^(#{1,6}) +(.*)$")
_BLOCK_START = re.compile(r"^ {0,3}(?:[-*+] |\d{1,9}[.)] |\||<)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~^=\"':;])")


def markdown_html(md: str) -> str:
    """A zh page's Markdown in the form `findings` reads: headings as <h2>, code and quotations dropped, links to
    http(s) as <a href> (citations), a block break where a paragraph, list item or table row begins. Raw HTML (the
    generator's spans and divs) passes through."""
    md = _FRONT_MATTER.sub("", md.replace("\r\n", "\n"))
    refs: dict[str, str] = {}
    if "]:" in md:  # a reference definition has one; the generator's pages seldom do
        refs = {m.group(1).lower(): m.group(2) for m in _REF_DEF.finditer(md)}
        md = _REF_DEF.sub("", md)
    if "{" in md:
        md = _ATTR_LIST.sub("", md)
    lines, fence = [], None
    for line in md.split("\n"):
        m = _FENCE_OPEN.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip(" `~"):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        if line.lstrip().startswith(">"):
            continue  # a blockquote: a quotation
        a = _ADMONITION.match(line)
        if a:
            lines.append(f"<br>{a.group(2) or ''}<br>")
            continue
        h = _HEADING.match(line) if line.startswith("#") else None
        if h:
            line = f"<h{len(h.group(1))}>{h.group(2)}</h{len(h.group(1))}>"
        elif not line.strip() or _BLOCK_START.match(line):
            line = "<br>" + line  # a paragraph, list item or table row begins: lines within a paragraph run on
        lines.append(line)
    text = _INLINE_CODE.sub(" <code></code> ", "\n".join(lines))

    def link(m: re.Match[str]) -> str:
        label = m.group(1)
        url = m.group(2) if m.group(2) is not None else refs.get((m.group(3) or m.group(1)).lower(), "")
        return f'<a href="{url}">{label}</a>' if re.match(r"(?i)https?:", url or "") else label

    text = _MD_LINK.sub(link, text)
    return "".join(_ESCAPE.split(text))  # each escape by its character: _ESCAPE.sub(r"\1"), without a call per match


def known_messages(entries: Iterable[Entry]) -> frozenset[tuple[str, ...]]:
    """The shingles of every message the site knows: each entry's signature, samples, aliases and error code, and
    every message of the error families' tables (config/families/)."""
    texts: list[str] = []
    for e in entries:
        samples = e.raw.get("samples", [])
        texts += [e.signature, e.error_code or "", *e.aliases, *(s for s in samples if isinstance(s, str))]
    for fam in families():
        texts += [s.message for s in fam.statuses]
    key = hashlib.blake2b("\0".join(texts).encode("utf-8", "surrogatepass"), digest_size=16).digest()
    if _SHINGLES[0] != key:  # the same messages (a rebuild of `mkdocs serve` that changed none): ~0.15 s saved
        _SHINGLES[:] = [key, message_shingles(texts)]
    shingles: frozenset[tuple[str, ...]] = _SHINGLES[1]
    return shingles


_SHINGLES: list[Any] = [b"", frozenset()]  # the digest of the last known_messages' texts, and their shingles


# Pages the report leaves out: the report itself (it quotes what it found), and the lists of entry titles, each title
# being counted on its entry's own page.
NOT_REPORTED = frozenset({"browse/translation", "browse/codes", "browse/tags", "browse/versions"})


# What the report found on each page, by a hash of the page's Markdown, for as long as the known messages stay the
# same (`findings` depends on nothing else): a rebuild in the same process (`mkdocs serve`) reads again only the pages
# an edit changed. PAGES_READ counts the pages read (tests).
_FOUND: dict[bytes, tuple[Finding, ...]] = {}
_FOUND_MAX = 200_000
_FOUND_FOR: list[frozenset[tuple[str, ...]]] = [frozenset()]
PAGES_READ = 0


def page_html(page: str) -> str:
    """A generated page as the HTML `findings` reads: a page the generator wrote as HTML (front matter `ee_html: true`:
    every generated page but the articles) as it is, a Markdown page (an article) through markdown_html."""
    head = _FRONT_MATTER.match(page)
    if head is not None and "\nee_html: true\n" in head.group(0):
        return page[head.end():]
    return markdown_html(page)


def page_findings(md: str, messages: frozenset[tuple[str, ...]]) -> list[Finding]:
    """findings(page_html(md), messages), remembered (for the messages of the last translation_report)."""
    global PAGES_READ
    key = hashlib.blake2b(md.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    found = _FOUND.get(key)
    if found is None:
        found = _FOUND[key] = tuple(findings(page_html(md), messages))
        PAGES_READ += 1
    return list(found)


def for_messages(messages: frozenset[tuple[str, ...]]) -> None:
    """The remembered findings are for `messages` (every entry's messages): forget them if they were for others."""
    if messages is not _FOUND_FOR[0] and (messages != _FOUND_FOR[0] or len(_FOUND) > _FOUND_MAX):
        _FOUND.clear()
    _FOUND_FOR[0] = messages


def reported_page(path: str) -> tuple[str, str] | None:
    """(translated language, page) for a docs path of a page the translation report reads (`<page>.<lang>.md` of a
    translated language, not in NOT_REPORTED, not a reproduction page: stored files, shown verbatim); else None."""
    for lang in languages().all:
        suffix = f".{lang.code}.md"
        if not lang.default and path.endswith(suffix):
            page = path.removesuffix(suffix)
            return None if page in NOT_REPORTED or page.startswith("repro/") else (lang.code, page)
    return None


def translation_report(pages: dict[str, str], messages: frozenset[tuple[str, ...]]) -> dict[str, list[Finding]]:
    """page (docs path without `.<lang>.md`) -> what its readers see in English, for every page of one translated
    language the generator wrote (`pages`: docs path -> Markdown), in path order; a page with no finding maps to []."""
    out = {}
    for_messages(messages)
    for path in sorted(pages):
        if (reported := reported_page(path)) is not None:
            out[reported[1]] = page_findings(pages[path], messages)
    return out
