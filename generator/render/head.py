"""Tags for a page's <head> that the theme does not write: the hreflang alternates of each page pair."""
from __future__ import annotations

import html

# Material's language selector fetches `<href>/sitemap.xml` for every `link[rel=alternate]` in the page (a 404 for
# a page URL, a cross-origin request wherever the site is previewed away from its site_url). The attribute is
# written `rel="alternate "`: HTML reads rel as a set of space-separated tokens, so browsers and crawlers see
# `alternate` (link.relList contains it), while the theme's exact-match selector `[rel=alternate]` does not.
_LINK = '<link rel="alternate " hreflang="{lang}" href="{href}">'


def absolute(site_url: str, url: str) -> str:
    """A page's absolute URL under site_url (which may have a sub-path: https://<owner>.github.io/<repo>/)."""
    url = url.lstrip("/")
    if url in (".", "./"):
        url = ""
    return site_url.rstrip("/") + "/" + url


def alternate_links(urls: dict[str, str], default: str) -> str:
    """`<link>` tags for every language version of a page (`urls`: language -> absolute URL, itself included) and
    `x-default`, the default language's. Empty when the page has no other language."""
    if len(urls) < 2 or default not in urls:
        return ""
    items = [*sorted(urls.items()), ("x-default", urls[default])]
    return "\n".join(_LINK.format(lang=html.escape(lang, quote=True), href=html.escape(href, quote=True))
                     for lang, href in items)
