"""Numbers and their evidence (issue #10): a page shows a share only as counted from linked reports, in words;
nothing counted, no number ("not yet measured"); typed rates are never shown or published; the paste box's best
workaround is the page's first."""
from __future__ import annotations

import json
import re
from pathlib import Path

from generator.build.site import build
from generator.load.corpus import load_corpus
from generator.match.engine import best_workaround
from generator.model import workaround_order
from generator.paths import REFERENCE_FILE
from generator.render.markup_html import html_text
from tests.lintcases import make_corpus

OOM = "pytorch/cuda-out-of-memory"
REPORTS = {"worked": ["https://github.com/pytorch/pytorch/issues/1#issuecomment-10",
                      "https://github.com/pytorch/pytorch/issues/2#issuecomment-20"],
           "failed": ["https://discuss.pytorch.org/t/oom/3/4"]}


def _pages(spec: dict, tmp_path: Path) -> dict[str, str]:
    root = make_corpus(spec, tmp_path / "c")
    files = build(root, tmp_path / "docs", "https://github.com/example/e", REFERENCE_FILE).files
    return {k: v.decode() for k, v in files.items() if k.startswith(OOM) or k == f"api/v1/{OOM}.json"}


def _positions(page: str, actions: list[str]) -> list[int]:
    return [page.index(str(html_text(a))[:40]) for a in actions]


def test_nothing_counted_no_number_and_the_order_given(tmp_path: Path) -> None:
    pages = _pages({}, tmp_path)
    data = json.loads((tmp_path / "c" / "entries" / f"{OOM}.json").read_text(encoding="utf-8"))
    for name, note in ((f"{OOM}.md", "Not yet measured"), (f"{OOM}.zh.md", "尚未统计")):
        page = pages[name]
        assert re.search(r"[0-9]%", page) is None, name
        assert note in page and "linked report" not in page and "已链接的报告" not in page
    en = pages[f"{OOM}.md"]
    assert _positions(en, [w["action"] for w in data["workarounds"]]) == sorted(
        _positions(en, [w["action"] for w in data["workarounds"]]))


def test_counted_reports_are_said_in_words_linked_and_rank_first(tmp_path: Path) -> None:
    spec = {"entries": {OOM: {"set": {"workarounds.2.evidence": REPORTS,
                                      "dead_ends.0.evidence": {"failed": REPORTS["failed"]}}}}}
    pages = _pages(spec, tmp_path)
    en, zh = pages[f"{OOM}.md"], pages[f"{OOM}.zh.md"]
    assert "<strong>fixed it in 2 of 3 linked reports</strong>" in en
    assert "did not fix it in 1 of 1 linked report<br>" in en
    assert "<strong>3 份已链接的报告中有 2 份说它解决了问题</strong>" in zh
    assert "1 份已链接的报告中有 1 份说它没有解决问题" in zh
    for url in REPORTS["worked"] + REPORTS["failed"]:
        assert f'href="{url}"' in en and f'href="{url}"' in zh
    assert "Ranked by the linked reports" in en and "按已链接的报告排序" in zh
    assert re.search(r"[0-9]%", en) is None
    data = json.loads((tmp_path / "c" / "entries" / f"{OOM}.json").read_text(encoding="utf-8"))
    first = str(html_text(data["workarounds"][2]["action"]))[:40]
    assert en.index(first) < min(_positions(en, [w["action"] for i, w in enumerate(data["workarounds"]) if i != 2]))


def test_reports_that_mostly_failed_rank_after_the_unmeasured(tmp_path: Path) -> None:
    root = make_corpus({"entries": {OOM: {"set": {
        "workarounds.0.evidence": {"worked": REPORTS["failed"], "failed": REPORTS["worked"]},
        "workarounds.3.evidence": REPORTS}}}}, tmp_path)
    e = next(x for x in load_corpus(root).entries if x.id == OOM)
    assert workaround_order(e) == [3, 1, 2, 0]
    assert best_workaround(e)[0] == e.workarounds[3].action  # the paste box shows the page's first


def test_best_workaround_is_the_first_listed_when_nothing_was_counted(tmp_path: Path) -> None:
    root = make_corpus({}, tmp_path)
    entry = next(e for e in load_corpus(root).entries if e.id == OOM)
    assert workaround_order(entry) == list(range(len(entry.workarounds)))
    assert best_workaround(entry)[0] == entry.workarounds[0].action


def test_typed_rates_are_neither_shown_nor_published(tmp_path: Path) -> None:
    """An old entry's typed rates (acknowledged so that it builds): no badge, no percentage, not in the API, and
    they do not reorder the workarounds."""
    spec = {"entries": {OOM: {"set": {
        "confidence": 0.9, "fix_success_rate": 0.8, "workarounds.3.success_rate": 0.95,
        "dead_ends.0.fail_rate": 0.85,
        "acknowledged": [{"rule": "E703", "reason": "An old entry whose rates were never counted."}]}}}}
    pages = _pages(spec, tmp_path)
    for name in (f"{OOM}.md", f"{OOM}.zh.md"):
        assert re.search(r"[0-9]%", pages[name]) is None and "Confidence" not in pages[name]
    api = pages[f"api/v1/{OOM}.json"]
    assert not {"confidence", "fix_success_rate", "success_rate", "fail_rate"} & set(re.findall(r'"(\w+)":', api))
    root = tmp_path / "c" / "entries"
    e = next(x for x in load_corpus(root).entries if x.id == OOM)
    assert workaround_order(e) == list(range(len(e.workarounds)))
