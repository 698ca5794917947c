"""A scenario entry whose message is its error-code entry's gets its own title (issue #10: two pages for one error):
the page, the parent's list of cases and the paste box show the title; the message stays under it."""
from __future__ import annotations

import re
from pathlib import Path

from generator.build.site import build
from generator.lint.checks import check
from generator.match.engine import display_row
from generator.paths import REFERENCE_FILE
from tests.lintcases import make_corpus

TITLE = "Kernel reads memory that another stream freed"
TITLE_ZH = "内核读取了另一个流已释放的内存"
SCENARIO = {"copy": {"from": "cuda/illegal-address", "to": "cuda/illegal-address-after-free",
                     "set": {"id": "cuda/illegal-address-after-free", "belongs_to": "cuda/illegal-address",
                             "title": TITLE, "title_zh": TITLE_ZH,
                             "overlaps": ["cuda/illegal-address"]},
                     },
            "entries": {"cuda/illegal-address": {"set": {"overlaps": ["cuda/illegal-address-after-free"]}}}}


def test_the_scenario_page_leads_with_its_title_and_keeps_the_message(tmp_path: Path) -> None:
    root = make_corpus(SCENARIO, tmp_path / "c")
    result = build(root, tmp_path / "docs", "https://github.com/example/e", REFERENCE_FILE)
    assert [p for p in result.problems if p.severity == "error"] == []
    files = {k: v.decode() for k, v in result.files.items()}
    en, zh = files["cuda/illegal-address-after-free.md"], files["cuda/illegal-address-after-free.zh.md"]
    assert re.search(f'\n<h1 class="ee-title" id="[^"]+">{re.escape(TITLE)}<a class="headerlink"', en)
    assert re.search(f'\n<h1 class="ee-title" id="[^"]+">{re.escape(TITLE_ZH)}<a class="headerlink"', zh)
    message = ('<pre class="ee-message" title="Message as printed"><code>'
               "cudaErrorIllegalAddress: an illegal memory access was encountered</code></pre>")
    assert message in en
    parent = files["cuda/illegal-address.md"]
    assert f'<a href="../illegal-address-after-free/">cuda/illegal-address-after-free</a> — {TITLE}' in parent
    # The error-code entry's title is the description of its `<name>: <description>` message.
    assert re.search('\n<h1 class="ee-title" id="an-illegal-memory-access-was-encountered">An illegal memory '
                     'access was encountered<a class="headerlink"', parent) and message in parent


def test_the_paste_box_shows_the_title_and_an_untranslated_title_is_w601(tmp_path: Path) -> None:
    spec = {**SCENARIO, "copy": {**SCENARIO["copy"], "set": {**SCENARIO["copy"]["set"], "title_zh": ""}}}
    report = check(make_corpus(spec, tmp_path))
    assert [(p.code, p.field) for p in report.problems] == [("W601", "title_zh")]
    e = next(x for x in report.corpus.entries if x.id == "cuda/illegal-address-after-free")
    assert display_row(e, "en")["s"] == TITLE and display_row(e, "zh")["s"] == TITLE  # zh falls back to en
