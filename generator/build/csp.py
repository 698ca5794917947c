"""A Content-Security-Policy for every page, as a <meta> tag: scripts only from the site itself plus the theme's
own inline scripts (allowed by hash) and the search's WebAssembly, no inline event handlers, no plugins, no foreign
origins.

The hashes are taken from the page *template*, never from the page's content: whatever a contributor got into
the content area cannot allow itself.
"""
from __future__ import annotations

import base64
import hashlib
import html
import re

_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_CHARSET = re.compile(r"<meta charset=[\"']?utf-8[\"']?\s*/?>", re.I)
# Scripts with these types are data, not code: the browser never runs them, so they need no hash.
_DATA_TYPE = re.compile(r"""\btype\s*=\s*["']?application/(?:ld\+)?json""", re.I)


def inline_script_hashes(template_html: str) -> list[str]:
    """'sha256-…' sources for the inline scripts a page's template runs (sorted, no duplicates)."""
    out = set()
    for m in _INLINE_SCRIPT.finditer(template_html):
        if re.search(r"\bsrc\s*=", m.group("attrs"), re.I) or _DATA_TYPE.search(m.group("attrs")):
            continue
        digest = hashlib.sha256(m.group("body").encode("utf-8")).digest()
        out.add(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return sorted(out)


def policy(script_hashes: list[str]) -> str:
    scripts = " ".join(["'self'", *script_hashes])
    return "; ".join([
        "default-src 'self'",
        # 'wasm-unsafe-eval': the site search (Pagefind) runs its index reader as WebAssembly; it allows compiling
        # WebAssembly only, not eval() or inline scripts.
        f"script-src {scripts} 'wasm-unsafe-eval'",
        # Mermaid draws SVG with inline style elements, Material sets style attributes from its scripts.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def add_policy(page_html: str, content_html: str) -> str:
    """`page_html` with the CSP <meta> right after <meta charset> (a policy applies only to what follows it).
    `content_html` is the page's content area, left out when the allowed inline scripts are collected."""
    template = page_html.replace(content_html, "", 1) if content_html else page_html
    value = html.escape(policy(inline_script_hashes(template)), quote=False).replace('"', "&quot;")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{value}">'
    m = _CHARSET.search(page_html)
    if m is None:
        raise ValueError("page has no <meta charset>: cannot place the Content-Security-Policy before its scripts")
    return page_html[:m.end()] + "\n    " + tag + page_html[m.end():]
