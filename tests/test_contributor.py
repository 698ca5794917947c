"""The contributor path as CI and contributors walk it: `new`, fill in, `stamp`, `validate`, the site in both
languages; and the commands the workflows and the pre-commit hook call exist."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

from generator.cli import parser
from generator.paths import ROOT
from tests.lintcases import make_corpus
from tests.sitebuild import build_site
from tests.test_validate import cli

NEW_ID = "pytorch/my-new-error"
FILLED = {
    "signature": "RuntimeError: my new error: the widget is not ready",
    "signature_zh": "运行时错误：my new error：widget 尚未就绪",
    "regex": "my new error: the widget is not ready",
    "samples": ["Traceback (most recent call last):\nRuntimeError: my new error: the widget is not ready"],
    "root_cause": "The widget is used before `widget.init()` returned.",
    "root_cause_zh": "在 `widget.init()` 返回之前就使用了 widget。",
    "dead_ends": [{"action": "Reinstall PyTorch.", "why_fails": "The installation is fine; the call order is wrong.",
                   "condition": "", "sources": []}],
    "dead_ends_zh": [{"action": "重新安装 PyTorch。", "why_fails": "安装没有问题；问题在于调用顺序。"}],
    "workarounds": [{"action": "Call `widget.init()` first and wait for it.", "condition": "",
                     "sources": ["https://pytorch.org/docs/stable/notes/cuda.html"],
                     "evidence": {"worked": ["https://github.com/example/widget/issues/1#issuecomment-11",
                                             "https://github.com/example/widget/issues/2"],
                                  "failed": ["https://discuss.example.org/t/widget-not-ready/3/4"]}}],
    "workarounds_zh": [{"action": "先调用 `widget.init()` 并等待其完成。"}],
    "official_doc_url": "https://pytorch.org/docs/stable/notes/cuda.html",
    "versions": [{"version": "PyTorch 2.5.0", "status": "active"}],
    "resolvable": "true",
}


@pytest.fixture(scope="module")
def new_entry_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    entries = make_corpus({}, tmp_path_factory.mktemp("contrib"))
    assert cli("new", NEW_ID, "--entries", str(entries)).returncode == 0
    path = entries / f"{NEW_ID}.json"
    assert cli("validate", str(path), "--entries", str(entries)).returncode == 1  # placeholders fail
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(FILLED)
    assert "FILL IN" not in json.dumps(data, ensure_ascii=False)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    assert cli("stamp", str(path)).returncode == 0
    assert set(json.loads(path.read_text(encoding="utf-8"))["translated_from"]) == {
        "signature_zh", "root_cause_zh", "dead_ends_zh", "workarounds_zh"}
    return entries


@pytest.mark.slow
def test_filled_entry_passes_validate_without_warnings(new_entry_corpus: Path) -> None:
    proc = cli("validate", str(new_entry_corpus / f"{NEW_ID}.json"), "--entries", str(new_entry_corpus))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip() == "no problems found in the 1 path(s) given"


@pytest.mark.slow
def test_changed_english_marks_the_translation_stale(new_entry_corpus: Path, tmp_path: Path) -> None:
    import shutil
    copy = tmp_path / "entries"
    shutil.copytree(new_entry_corpus, copy)
    path = copy / f"{NEW_ID}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["root_cause"] += " Also on Tuesdays."
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = json.loads(cli("validate", "--entries", str(copy), "--format", "json").stdout)
    assert report["summary"]["by_code"] == {"W603": 1}


@pytest.mark.slow
def test_new_entry_appears_on_the_site_in_both_languages(new_entry_corpus: Path, tmp_path: Path) -> None:
    site, proc = build_site(new_entry_corpus, tmp_path)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stderr
    en = (site / NEW_ID / "index.html").read_text(encoding="utf-8")
    zh = (site / "zh" / NEW_ID / "index.html").read_text(encoding="utf-8")
    assert "RuntimeError: my new error: the widget is not ready" in en
    assert "widget 尚未就绪" in zh and "先调用" in zh and "尚未翻译" not in zh
    assert "fixed it in 2 of 3 linked reports" in en and "3 份已链接的报告中有 2 份说它解决了问题" in zh
    assert (site / "rules" / "index.html").is_file() and (site / "zh" / "rules" / "index.html").is_file()


def _commands() -> list[str]:
    runs = []
    for wf in (ROOT / ".github" / "workflows").glob("*.yml"):
        for job in yaml.safe_load(wf.read_text(encoding="utf-8"))["jobs"].values():
            runs += [step["run"] for step in job["steps"] if "run" in step]
    hooks = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    runs += [h["entry"] for repo in hooks["repos"] for h in repo["hooks"]]
    return runs


def test_workflow_and_hook_commands_exist() -> None:
    targets = set(re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))
    subcommands = set(parser()._subparsers._group_actions[0].choices)
    commands = _commands()
    assert any("generator validate --format github" in c for c in commands)
    for command in commands:
        words = shlex.split(command)
        if words[0] == "make":
            assert set(words[1:]) <= targets, command
        if words[1:3] == ["-m", "generator"]:
            assert words[3] in subcommands, command
            assert parser().parse_args(words[3:]) is not None
        if words[0].startswith(".venv/bin/"):
            assert (ROOT / words[0]).exists() or words[0] == ".venv/bin/mkdocs", command


@pytest.mark.slow
def test_pre_commit_hook_validates_the_files_it_is_given() -> None:
    [hook] = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]["hooks"]
    assert hook["pass_filenames"] and re.match(hook["files"], "entries/cuda/illegal-address.json")
    entry = shlex.split(hook["entry"])
    assert entry[1:] == ["-m", "generator", "validate"]
    proc = cli("validate", "entries/cuda/illegal-address.json")
    assert proc.returncode == 0, proc.stdout
