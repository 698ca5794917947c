"""Content-Security-Policy: on every built page, before every script, never allowing what a page's content holds."""
from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest

from generator.build.csp import add_policy, inline_script_hashes, policy

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def test_hashes_cover_the_template_scripts_and_skip_data_and_external() -> None:
    page = ('<script>a()</script><script src="x.js"></script><script type="application/json">{"a":1}</script>'
            '<script id="c" type="application/json">{}</script><script>a()</script>')
    digest = base64.b64encode(hashlib.sha256(b"a()").digest()).decode()
    assert inline_script_hashes(page) == [f"'sha256-{digest}'"]


def test_a_script_inside_the_content_is_never_allowed() -> None:
    content = "<p>x</p><script>steal()</script>"
    page = f'<html><head><meta charset="utf-8"><script>theme()</script></head><body>{content}</body></html>'
    out = add_policy(page, content)
    allowed = META.search(out).group(1)
    assert inline_script_hashes("<script>theme()</script>")[0] in allowed
    assert inline_script_hashes("<script>steal()</script>")[0] not in allowed
    assert "unsafe-inline" not in allowed.split("script-src", 1)[1].split(";")[0]
    assert out.index("Content-Security-Policy") < out.index("<script>theme()")


def test_policy_forbids_plugins_and_foreign_bases() -> None:
    p = policy([])
    assert "object-src 'none'" in p and "base-uri 'self'" in p and "script-src 'self'" in p


@pytest.mark.slow
def test_every_page_of_the_site_has_the_policy_before_any_script(seed_site: Path) -> None:
    pages = sorted(seed_site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        text = path.read_text(encoding="utf-8")
        metas = META.findall(text)
        assert len(metas) == 1, path
        first_script = text.find("<script")
        assert first_script == -1 or text.index("Content-Security-Policy") < first_script, path



def test_scripts_may_compile_webassembly_but_never_eval() -> None:
    """The site search (Pagefind) reads its index with WebAssembly: 'wasm-unsafe-eval' allows that and nothing else;
    eval() and inline scripts stay refused."""
    scripts = policy([]).split("script-src", 1)[1].split(";")[0].split()
    assert "'wasm-unsafe-eval'" in scripts
    assert "'unsafe-eval'" not in scripts and "'unsafe-inline'" not in scripts
    assert all(s in ("'self'", "'wasm-unsafe-eval'") for s in scripts)
