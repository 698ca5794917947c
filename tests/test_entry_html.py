"""Entry pages (and the index pages of codes, tags, versions and domains, and the reproduction folders' pages) are
written as HTML (issue 12): MkDocs takes them as rendered (generator/mkdocs_edge/hook.py), so what it gets must be what
Python-Markdown made of the Markdown the generator used to write.

The oracle is the generator of ORACLE, the last commit that wrote entry pages as Markdown (its generator/ and config/
unpacked from git): the real site is built with this checkout, and for every entry page, in each language, a test
hook (tests/entry_html_oracle.py) renders the old Markdown with MkDocs' own Page.render, same config and files,
beside what the fast path gave. Compared: the content as a DOM (tests/htmldom.py: entities decoded, attribute order,
whitespace runs outside <pre> as one space and whitespace beside block elements dropped; a browser shows none of
these), the table of contents (levels, ids, titles), the title, the anchors and the links to anchors MkDocs checks.
A deliberate change to entry pages after ORACLE makes these tests fail: then they have done their work (retire them
or move ORACLE along with a reason)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.paths import ENTRIES_DIR, REFERENCE_FILE, ROOT
from tests.htmldom import dom, first_difference
from tests.sitebuild import build_site
from tests.test_generate import generator_at

ORACLE = "89ea726c6bf6d4df2e35d0c85245b05f428001de"


def _has_oracle() -> bool:
    return subprocess.run(["git", "cat-file", "-e", f"{ORACLE}^{{commit}}"], cwd=ROOT,
                          capture_output=True).returncode == 0


needs_oracle = pytest.mark.skipif(not _has_oracle(), reason=f"the oracle commit {ORACLE[:10]} is not in this clone")


def old_docs(entries: Path, work: Path) -> Path:
    """docs/ as the generator of ORACLE writes it for `entries` (entry pages as Markdown)."""
    code = generator_at(ORACLE, work / "oracle")
    docs = work / "oracle-docs"
    env = dict(os.environ, PYTHONPATH=str(code), REGEX_GATE_CACHE=str(ROOT / ".cache" / "regex-gate.json"))
    subprocess.run([sys.executable, "-m", "generator", "build", "--entries", str(entries), "--docs", str(docs),
                    "--reference", str(REFERENCE_FILE)], cwd=code, env=env, check=True, capture_output=True,
                   timeout=600)
    return docs


def with_oracle_hook(project: Path) -> None:
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    hook = ROOT / "tests" / "entry_html_oracle.py"
    config.write_text(text.replace("hooks:\n", f"hooks:\n  - {hook}\n", 1), encoding="utf-8")


def rendered_both_ways(entries: Path, work: Path) -> list[dict[str, Any]]:
    """Each entry page of the site built from `entries`: what the fast path gave MkDocs and what MkDocs' render of the
    old Markdown gives."""
    docs = old_docs(entries, work)
    out = work / "oracle-out"
    out.mkdir()
    _, proc = build_site(entries, work / "build", env={"EE_ORACLE_DOCS": str(docs), "EE_ORACLE_OUT": str(out)},
                         prepare=with_oracle_hook)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "WARNING" not in proc.stderr, proc.stderr
    return [json.loads(line) for f in sorted(out.glob("*.jsonl")) for line in f.read_text("utf-8").splitlines()]


def differences(records: list[dict[str, Any]]) -> list[str]:
    out = []
    for r in records:
        fast, oracle = r["fast"], r["oracle"]
        # MkDocs also scans the Markdown source for raw HTML ids, code spans included: `<bus id>` in a message gave it
        # an anchor `None`. No link can name it.
        oracle["anchors"] = [a for a in oracle["anchors"] if a is not None]
        if (d := first_difference(dom(fast["content"]), dom(oracle["content"]))) is not None:
            out.append(f"{r['page']}: content {d}")
        for key in ("toc", "title", "anchors", "links_to_anchors"):
            if fast[key] != oracle[key]:
                out.append(f"{r['page']}: {key} {fast[key]!r} != {oracle[key]!r}")
    return out


def html_pages(entries: Path) -> set[str]:
    """The pages the generator writes as HTML: every entry's, each moved id's, the browse, articles and rules pages,
    the index pages of codes, tags, versions and each domain, the translation status page and each reproduction
    folder's page, in both languages: every generated page but the articles."""
    from generator.load.registry import load_registry, registry_path
    from generator.render.repro import page_path, read_all
    ids = [p.relative_to(entries).with_suffix("").as_posix() for p in entries.glob("*/*.json")]
    moved = load_registry(registry_path(entries)).redirects if registry_path(entries).exists() else {}
    pages = {*ids, *moved, "browse/index", "articles/index", "rules/index", "browse/codes", "browse/tags",
             "browse/versions", "browse/translation", *(f"browse/{i.split('/')[0]}" for i in ids),
             *(page_path(owner) for owner in read_all(entries))}
    return {f"{p}.md" for p in pages} | {f"{p}.zh.md" for p in pages}


# Stored files that try to become markup on their folder's page (shown verbatim: they must stay text), and the
# corners of the page: files not shown (binary, too large, not UTF-8), two files whose sections share an id,
# tabs, CRs, whitespace-only lines, control characters Python-Markdown drops, a fence of each kind.
HOSTILE_FILES: dict[str, bytes] = {
    "evil.sh": b"echo ok\n````\n</code></pre><script>alert(1)</script>\n```\n~~~\n",
    "payload.py": b"x = '<img src=x onerror=alert(1)>'  # {: onclick=alert(1) }\n\tif x:\r\n  \n"
                  b"[a](javascript:alert(1))"
                  b"\n<!-- c -->\n&amp; &lt; \x02wzxhzdk:0\x03\n\n\n",
    "kernel.cu": b"__global__ void k(int *p) { p[threadIdx.x] = 1; }  // <b>bold</b>\n",
    "a.py": b"print('a')\n", "a-py": b"`a-py` *not emphasis* <i>\n", "empty.txt": b"",
    "notes.md": b"# Not a heading\n\n!!! warning \"not an admonition\"\n    <div markdown>x</div>\n",
    "blob.bin": b"\x00\x01binary", "latin1.txt": "caf\xe9".encode("latin-1"), "huge.txt": b"x" * (512 * 1024 + 1),
}


def with_hostile_repro(entries: Path) -> Path:
    """HOSTILE_FILES stored for the hostile entry, the hostile article and a folder no entry names."""
    from tests.hostile import ARTICLE_ID, ENTRY_ID
    for owner in (ENTRY_ID, f"articles/{ARTICLE_ID}", "cuda/no-entry-names-this"):
        folder = entries / f"{owner}.repro"
        folder.mkdir()
        for name, data in HOSTILE_FILES.items():
            (folder / name).write_bytes(data)
    return entries


def with_moved_ids(entries: Path, moved: dict[str, str]) -> Path:
    """config/ids.txt beside `entries`: every entry's id, and `moved` (old id -> the entry that replaced it)."""
    from generator.load.registry import HEADER, registry_path
    ids = sorted(p.relative_to(entries).with_suffix("").as_posix() for p in entries.glob("*/*.json"))
    lines = [*ids, *(f"{old} -> {new}" for old, new in moved.items())]
    registry_path(entries).parent.mkdir(parents=True, exist_ok=True)
    registry_path(entries).write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    return entries


def corpus(name: str, dest: Path) -> Path:
    """real: entries/. seeds: the original seed entries, their lint errors acknowledged (the acknowledged and
    open-warnings sections). synthetic: 120 entries cloned from the real ones, some with no Chinese (untranslated
    marks, the English root cause under a notice), two ids moved to one of them. hostile: payloads in every field
    (tests/hostile.py), stored files (HOSTILE_FILES) and an id moved to the hostile entry."""
    if name == "real":
        return ENTRIES_DIR
    if name == "seeds":
        from tests.conftest import SEEDS, acknowledged_copy
        return acknowledged_copy(SEEDS, dest / "entries")
    if name == "synthetic":
        from benchmarks.corpus import write_corpus
        entries = write_corpus(dest / "entries", 120)
        target = sorted(p.relative_to(entries).with_suffix("").as_posix() for p in entries.glob("cuda/*.json"))[0]
        return with_moved_ids(entries, {"cuda/a-renamed-entry": target, "nccl/merged-away": target})
    from tests.hostile import ENTRY_ID, hostile_corpus
    return with_moved_ids(with_hostile_repro(hostile_corpus(dest)), {"pytorch/moved-to-hostile": ENTRY_ID})


# What each corpus must show on some page (so that the comparison covered it).
COVERS = {
    "real": ['<div class="highlight">', '<pre class="mermaid">', "<table>", 'class="ee-tested', 'id="corrections"',
             'id="reproduction"', 'id="related-articles"', '<pre class="ee-message"', 'href="../../../../repro/',
             'id="file-repro-py"'],
    "seeds": ['id="known-problems-acknowledged"', 'id="warnings-from-the-checks"', 'class="ee-untranslated"'],
    "synthetic": ['<div class="admonition warning">', '<span lang="en">', 'class="ee-untranslated"',
                  'id="file-output-txt"', "<td>marked untranslated</td>", "<td>without a notice</td>",
                  'id="moved-cudaa-renamed-entry"'],
    "hostile": ["&lt;script&gt;", "javascript:", "{: onclick", "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;",
                'id="file-blob-bin"', 'id="file-huge-txt"', "no entry names it yet"],
}


@pytest.mark.slow
@needs_oracle
@pytest.mark.parametrize("name", list(COVERS))
def test_entry_pages_are_what_markdown_made_of_them(tmp_path: Path, name: str) -> None:
    entries = corpus(name, tmp_path / "src")
    records = rendered_both_ways(entries, tmp_path)
    assert sorted(r["page"] for r in records) == sorted(html_pages(entries))  # each page, once
    assert differences(records) == []
    contents = "\n".join(r["fast"]["content"] for r in records)
    assert [c for c in COVERS[name] if c not in contents] == []
    # the oracle did render Markdown of its own: the two strings differ (whitespace, entities) where the DOMs agree
    assert any(r["fast"]["content"] != r["oracle"]["content"] for r in records)


def test_the_comparison_sees_what_a_reader_would() -> None:
    """The DOM comparison ignores what no browser shows (whitespace beside blocks, attribute order, entities) and
    nothing else."""
    same = ('<div class="a" id="b">\n<p>x <code>y</code><br>\n  z</p>\n</div>',
            '<div id="b" class="a"><p>x <code>y</code><br> z</p></div>', "<div id=b class=a><p>x <code>y</code><br>"
            "\n\n z\n</p>\n</div>")
    assert all(first_difference(dom(same[0]), dom(other)) is None for other in same)
    for changed in ('<div class="a" id="c"><p>x <code>y</code><br> z</p></div>',  # an attribute
                    '<div class="a" id="b"><p>x <code>y </code><br> z</p></div>',  # text
                    '<div class="a" id="b"><p>x <em>y</em><br> z</p></div>',  # an element
                    '<div class="a" id="b"><p>x <code>y</code><br> z</p><p></p></div>',  # one more
                    '<div class="a" id="b"><p>x <code>y</code> z</p></div>'):
        assert first_difference(dom(same[0]), dom(changed)) is not None, changed
    assert first_difference(dom("<pre><code>a\n b</code></pre>"), dom("<pre><code>a\nb</code></pre>")) is not None
    assert first_difference(dom("<p>&#x27;a&amp;</p>"), dom("<p>'a&amp;</p>")) is None


def test_the_markdown_the_generator_still_runs_is_configured_as_mkdocs_yml() -> None:
    """markup_html renders code blocks and language code spans with Python-Markdown: the extensions those use, with
    mkdocs.yml's settings (so they come out as on every other page)."""
    from mkdocs.config import load_config

    from generator.render.markup_html import MARKDOWN_EXTENSIONS, _markdown_config
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert set(MARKDOWN_EXTENSIONS) <= set(config.markdown_extensions)
    for name, settings in _markdown_config().items():
        assert config.mdx_configs.get(name) == settings, name


def test_every_link_of_an_entry_page_reaches_a_page_of_the_site(real_docs: Any) -> None:
    """The generator checks the links of the pages it writes as HTML (MkDocs rewrites and checks only Markdown's):
    each reaches a generated file or a hand-written page, in the page's language or the default one."""
    from generator.build.site import check_links
    files = dict(real_docs)
    assert check_links(files) == []
    page = "nccl/unhandled-cuda-error.zh.md"
    assert b'href="../../browse/nccl/"' in files[page] and b'href="../../../api/v1/' in files[page]
    for good, bad in ((b'href="../../browse/nccl/"', b'href="../../browse/nccx/"'),
                      (b'href="../../../api/v1/', b'href="../../api/v1/'),
                      (b'href="../../browse/nccl/"', b'href="../../../../x/"')):
        found = check_links(dict(files, **{page: files[page].replace(good, bad, 1)}))
        assert len(found) == 1 and found[0].startswith(f"{page}: {bad.decode()[6:].rstrip(chr(34))}"), (bad, found)
    # a hand-written page (docs/about.md) is a page of the site too
    about = dict(files, **{page: files[page].replace(b'href="../../browse/nccl/"', b'href="../../about/"', 1)})
    assert check_links(about) == []


def test_a_stored_file_is_highlighted_as_its_fenced_block_would_be() -> None:
    """markup_html.file_block calls Pygments itself for a reproduction page's files: the same HTML as Python-Markdown
    makes of the fenced block, for every stored file of the real entries and for awkward texts in every language the
    pages use (tabs, CRs, lines of spaces, control characters, leading and trailing blank lines, a BOM, markup)."""
    from generator.render.markup_html import _convert, fenced, file_block
    from generator.render.repro import _LANGUAGE, language, read_all
    cases = [(f.text.rstrip("\n"), language(f.name)) for files in read_all(ENTRIES_DIR).values() for f in files
             if f.text is not None]
    assert len(cases) > 300
    awkward = [data.decode("utf-8") for data in HOSTILE_FILES.values() if b"\x00" not in data and len(data) < 4096
               and data.isascii()]
    awkward += ["", "\n\n", "a\tb\n\tc\r\nd\re\r", "  \n \n\t\nx\n   ", "\x02wzxhzdk:0\x03", "\ufeffbom", "```\n~~~",
                ">>> 1\n> quoted\n    indented", "\n\nlead and trail\n\n"]
    cases += [(text, lang) for text in awkward for lang in sorted({*_LANGUAGE.values(), "text"})]
    assert [(text[:60], lang) for text, lang in cases if file_block(text, lang) != _convert(fenced(text, lang))] == []


def test_the_rules_texts_use_no_markdown_but_code_spans() -> None:
    """The rules page shows the rules' texts and its UI strings through html_text, as their Markdown rendered when the
    page was Markdown: that holds while they use no Markdown but `code` spans (no emphasis, link, escape, raw HTML or
    heading). A text that needs more must change the rules page first."""
    import re

    from generator.l10n.i18n import strings
    from generator.l10n.languages import languages
    from generator.lint.rules import RULES
    texts = [str(v) for r in RULES.values() for lang in languages().all for name in ("summary", "why")
             if (v := getattr(r, name) if lang.default else lang.text(r, name))]
    texts += [strings(lang.code)[k] for lang in languages().all for k in ("rules_intro", "rules_ack")]
    assert len(texts) > 2 * len(RULES)
    markdown = re.compile(r"[*_\[\]<>\\|~]|^\s*(?:#|[-+*] |\d+[.)] |>)|&\w+;|  \n", re.M)
    assert [t for t in texts if markdown.search(re.sub(r"`[^`]*`", "", t))] == []
