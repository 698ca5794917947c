"""Allow-list sanitiser for rendered page content: whatever the escaping upstream missed, no contributed text
reaches a page as a script, an event handler, a foreign URL scheme or an element the site does not produce.

Escaping (generator/render/markup.py) makes contributed text read as text; this is the second, independent line: it
runs on the HTML that Python-Markdown produced, so a Markdown quirk (a backslash before a backtick, code spans
with unequal backtick runs) cannot smuggle markup through. The allow-list is what the site's own pages use
(tests/test_sanitize.py checks that sanitising a real page changes nothing a reader sees).
"""
from __future__ import annotations

import re

import nh3

from generator.l10n.i18n import LANGS

TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "div", "dl", "dt", "em", "h1", "h2", "h3", "h4",
    "h5", "h6", "hr", "i", "ins", "kbd", "li", "mark", "ol", "p", "pre", "s", "samp", "small", "span", "strong",
    "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})
ATTRIBUTES = {
    "*": {"class", "id", "title", "data-pagefind-ignore", "lang"},  # data-pagefind-ignore: the site search skips it
    "a": {"href", "rel"},
    "td": {"align"},
    "th": {"align"},
    "ol": {"start"},
}
URL_SCHEMES = frozenset({"http", "https", "mailto"})
# Ids the theme and the site's scripts look up with getElementById/querySelector. A contributed heading or
# element carrying one of them would be found first (it comes earlier in the page): DOM clobbering. Pygments'
# line spans (`__span-0-3`) are the one `__` form the content itself produces.
_RESERVED_ID = re.compile(r"^(?:__(?!span-\d+-\d+$)|ee-)", re.I)


def _filter_attribute(element: str, attribute: str, value: str) -> str | None:
    if attribute == "id" and _RESERVED_ID.match(value):
        return None
    if attribute == "lang" and value not in LANGS:  # English kept on a zh page is marked lang="en"
        return None
    return value


def clean_html(html: str, trusted_ids: bool = False) -> str:
    """The allowed subset of `html`: unknown tags are unwrapped (their text stays), scripts and styles are
    dropped with their content, attributes outside the allow-list and non-http(s)/mailto URLs are removed.
    `trusted_ids` keeps the reserved ids, for the hand-written pages that mount the site's own widgets."""
    return nh3.clean(
        html,
        tags=set(TAGS),
        clean_content_tags={"script", "style"},
        attributes={k: set(v) for k, v in ATTRIBUTES.items()},
        attribute_filter=None if trusted_ids else _filter_attribute,
        url_schemes=set(URL_SCHEMES),
        strip_comments=True,
        link_rel=None,  # keep the rel each link was given (external links carry nofollow noopener already)
    )
