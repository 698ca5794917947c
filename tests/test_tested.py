"""Workarounds and dead ends tested on a GPU: the stored runs back every mark (E801/E802), the pages say it in both
languages with links to the files, and the corpus holds the tested fixes issue 10 asks for."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.build import site
from generator.lint.checks import check
from generator.lint.tested import read_run
from generator.paths import ENTRIES_DIR
from generator.render.markup_html import html_text
from tests.corpus import real_corpus
from tests.lintcases import make_corpus

REPO = "https://github.com/example/encyclopedia"
RUN = ("command: python3 -u {name}.py\nin: entries/pytorch/cuda-out-of-memory.repro (timeout 120 s)\n"
       "started: 2026-11-23T12:18:23Z\nexit status: {status}\ngpu: NVIDIA H100 80GB HBM3, 580.159.04\ncuda: 13.0\n")


def _spec(**changes: object) -> dict:
    files = {}
    for name, status in (("fixed", 0), ("deadend", 1)):
        files[f"pytorch/cuda-out-of-memory.repro/{name}.py"] = "print('x')\n"
        files[f"pytorch/cuda-out-of-memory.repro/{name}_output.txt"] = "x\n"
        files[f"pytorch/cuda-out-of-memory.repro/{name}_run.txt"] = RUN.format(name=name, status=status)
    return {"entries": {"pytorch/cuda-out-of-memory": {"set": {
        "workarounds.0.tested": {"script": "fixed.py", "output": "fixed_output.txt", "run": "fixed_run.txt"},
        "dead_ends.0.tested": {"script": "deadend.py", "output": "deadend_output.txt", "run": "deadend_run.txt"},
        **changes}}}, "write": files}


def test_a_tested_workaround_and_dead_end_are_clean_and_shown_in_both_languages(tmp_path: Path) -> None:
    entries = make_corpus(_spec(), tmp_path)
    assert check(entries).problems == []
    files = site.build(entries, tmp_path / "docs", REPO).files
    en = files["pytorch/cuda-out-of-memory.md"].decode()
    zh = files["pytorch/cuda-out-of-memory.zh.md"].decode()

    def mark(kind: str, label: str) -> str:
        return f'<span class="ee-tested ee-tested-{kind}">{html_text(label)}</span>'
    assert mark("works", "Tested on GPU (H100 80GB HBM3, CUDA 13.0)") in en
    assert mark("fails", "Shown failing on GPU (H100 80GB HBM3, CUDA 13.0)") in en
    assert mark("works", "已在 GPU 上验证（H100 80GB HBM3，CUDA 13.0）") in zh
    assert mark("fails", "已在 GPU 上验证无效（H100 80GB HBM3，CUDA 13.0）") in zh
    # Each file links to its section on the site's page for the folder (generator/render/repro.py), in the same
    # language (the page's URL is under its language's folder, and so is the one the relative link reaches).
    for page, words, colon, folder in ((en, ("program", "output", "run record"), ": ", "index.md"),
                                       (zh, ("程序", "输出", "运行记录"), "：", "index.zh.md")):
        for name in ("fixed", "deadend"):
            for word, file in zip(words, (f"{name}.py", f"{name}_output.txt", f"{name}_run.txt"), strict=True):
                anchor = "file-" + file.replace(".", "-")
                target = f"../../repro/pytorch/cuda-out-of-memory/#{anchor}"
                assert f'{html_text(word)}{colon}<a href="{target}">{html_text(file)}</a>' in page
                assert f'<h2 id="{anchor}">' in files[f"repro/pytorch/cuda-out-of-memory/{folder}"].decode()
    assert en.count("ee-tested-") == 2 and zh.count("ee-tested-") == 2


def test_a_run_record_without_environment_still_shows_the_mark(tmp_path: Path) -> None:
    spec = _spec()
    spec["write"]["pytorch/cuda-out-of-memory.repro/fixed_run.txt"] = "exit status: 0\n"
    entries = make_corpus(spec, tmp_path)
    files = site.build(entries, tmp_path / "docs", REPO).files
    page = files["pytorch/cuda-out-of-memory.md"].decode()
    assert '<span class="ee-tested ee-tested-works">Tested on GPU</span> ' in page


def test_names_that_leave_the_folder_are_missing_files(tmp_path: Path) -> None:
    """The schema allows '.' and '..' by its pattern; they never name a file of the folder."""
    spec = _spec(**{"workarounds.0.tested": {"script": "..", "output": ".", "run": "fixed_run.txt"}})
    problems = check(make_corpus(spec, tmp_path)).problems
    assert sorted((p.code, p.field) for p in problems) == [("E801", "workarounds.0.tested.output"),
                                                            ("E801", "workarounds.0.tested.script")]


def test_a_run_record_without_exit_status_is_reported(tmp_path: Path) -> None:
    spec = _spec()
    spec["write"]["pytorch/cuda-out-of-memory.repro/deadend_run.txt"] = "gpu: NVIDIA H100 80GB HBM3\n"
    [p] = check(make_corpus(spec, tmp_path)).problems
    assert (p.code, p.field) == ("E802", "dead_ends.0.tested.run") and "exit status" in p.message


def test_read_run_parses_the_runner_format(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text(RUN.format(name="x", status=137), encoding="utf-8")
    run = read_run(path)
    assert run is not None and (run.exit_status, run.gpu, run.cuda) == (137, "H100 80GB HBM3", "13.0")
    assert read_run(tmp_path / "missing.txt") is None and read_run(tmp_path) is None


def test_the_corpus_holds_the_tested_fixes_issue_10_asks_for() -> None:
    """At least 30 workarounds tested, across the errors users meet most; every tested workaround's stored output
    ends with the program's 'FIXED:' line, and every tested dead end's run failed."""
    corpus = real_corpus()
    workarounds, dead_ends = [], []
    for e in corpus.entries:
        for kind, bucket in (("workarounds", workarounds), ("dead_ends", dead_ends)):
            for i, item in enumerate(e.raw[kind]):
                if "tested" in item:
                    bucket.append((e.id, i, item["tested"]))
    assert len(workarounds) >= 30 and len(dead_ends) >= 10
    for must in ("pytorch/cuda-out-of-memory", "cupy/out-of-memory", "jax/out-of-memory", "cuda/illegal-address",
                 "pytorch/index-out-of-bounds-device-assert", "cuda/no-kernel-image-for-device",
                 "pytorch/expected-all-tensors-same-device", "pytorch/cannot-reinitialize-cuda-in-forked-subprocess"):
        assert any(i == must for i, _, _ in workarounds), must
    for entry_id, i, tested in workarounds:
        folder = ENTRIES_DIR / f"{entry_id}.repro"
        lines = [x for x in (folder / tested["output"]).read_text(encoding="utf-8").splitlines() if x.strip()]
        assert lines[-1].startswith("FIXED") or "FIXED:" in lines[-1], (entry_id, i)
        run = read_run(folder / tested["run"])
        assert run is not None and run.exit_status == 0 and run.gpu and run.cuda, (entry_id, i)
    for entry_id, i, tested in dead_ends:
        run = read_run(ENTRIES_DIR / f"{entry_id}.repro" / tested["run"])
        assert run is not None and run.exit_status not in (None, 0), (entry_id, i)
    assert json.dumps(workarounds)  # plain data, as the static API publishes it


# ---- the entry's reproduction (E803/E804) ----

def _repro_spec(run_text: str | None, **reproduction: str) -> dict:
    base = "pytorch/cuda-out-of-memory.repro/"
    files = {base + "repro.py": "import torch\n", base + "output.txt": "torch.OutOfMemoryError: CUDA out of memory.\n"}
    if run_text is not None:
        files[base + "run.txt"] = run_text
    r = {"script": "repro.py", "output": "output.txt", "run": "run.txt",
         "environment": "NVIDIA H100 80GB HBM3, driver 580.159.04, CUDA 13.0, as its run record run.txt records",
         "environment_zh": "NVIDIA H100 80GB HBM3，驱动 580.159.04，CUDA 13.0，见运行记录 run.txt",
         "date": "2026-11-23", **reproduction}
    return {"entries": {"pytorch/cuda-out-of-memory": {"set": {"reproduction": r}}}, "write": files}


def test_a_reproduction_with_its_run_record_is_clean_and_links_the_record(tmp_path: Path) -> None:
    entries = make_corpus(_repro_spec(RUN.format(name="repro", status=1)), tmp_path)
    assert check(entries).problems == []
    files = site.build(entries, tmp_path / "docs", REPO).files
    for page, label, colon, folder in (("pytorch/cuda-out-of-memory.md", "Run record", ": ", "index.md"),
                                       ("pytorch/cuda-out-of-memory.zh.md", "运行记录", "：", "index.zh.md")):
        target = "../../repro/pytorch/cuda-out-of-memory/#file-run-txt"
        assert f'{html_text(label)}{colon}<a href="{target}">{html_text("run.txt")}</a>' in files[page].decode()
        assert '<h2 id="file-run-txt">' in files[f"repro/pytorch/cuda-out-of-memory/{folder}"].decode()


def test_a_reproduction_without_a_run_record_is_e803_and_shows_no_record_line(tmp_path: Path) -> None:
    spec = _repro_spec(None)
    del spec["entries"]["pytorch/cuda-out-of-memory"]["set"]["reproduction"]["run"]
    entries = make_corpus(spec, tmp_path)
    [p] = check(entries).problems
    assert (p.code, p.field) == ("E803", "reproduction.run") and "names no run record" in p.message
    spec["entries"]["pytorch/cuda-out-of-memory"]["set"]["acknowledged"] = [
        {"rule": "E803", "reason": "The run was lost with the machine.", "reason_zh": "运行记录随机器一起丢失了。"}]
    entries = make_corpus(spec, tmp_path / "acknowledged")
    page = site.build(entries, tmp_path / "docs", REPO).files["pytorch/cuda-out-of-memory.md"].decode()
    assert "Captured output" in page and "Run record" not in page


@pytest.mark.parametrize("run_text, expected", [
    (None, "not a file"),  # named but not stored
    ("command: python3 -u repro.py\ngpu: NVIDIA H100 80GB HBM3, 580.159.04\n", "how the run ended"),
    ("command: python3 -u repro.py\nexit status: 1\n", "on which GPU"),
])
def test_a_run_record_that_cannot_back_the_reproduction_is_e803(tmp_path: Path, run_text: str | None,
                                                                expected: str) -> None:
    [p] = check(make_corpus(_repro_spec(run_text), tmp_path)).problems
    assert (p.code, p.field) == ("E803", "reproduction.run") and expected in p.message


def test_the_older_run_record_format_backs_a_reproduction(tmp_path: Path) -> None:
    """run_all.sh's records name the GPU by a bare nvidia-smi line and may add a note after the exit status."""
    older = ("command: python3 -u repro.py (in entries/pytorch/cuda-out-of-memory.repro, timeout 240 s)\n"
             "started: 2026-11-23T11:14:19Z\nexit status: 134 (SIGABRT: PyTorch takes the process down)\n"
             "NVIDIA H100 80GB HBM3, 580.159.04\ntorch 2.11.0+cu130 cuda 13.0\n")
    entries = make_corpus(_repro_spec(older), tmp_path)
    assert check(entries).problems == []
    run = read_run(entries / "pytorch" / "cuda-out-of-memory.repro" / "run.txt")
    assert run is not None and (run.exit_status, run.gpu, run.driver) == (134, "H100 80GB HBM3", "580.159.04")


def test_an_environment_the_run_record_does_not_back_is_e804(tmp_path: Path) -> None:
    spec = _repro_spec(RUN.format(name="repro", status=1), environment="NVIDIA H200, driver 580.159.04, CUDA 13.0")
    [p] = check(make_corpus(spec, tmp_path)).problems
    assert (p.code, p.field) == ("E804", "reproduction.environment") and "H100 and driver 580.159.04" in p.message
