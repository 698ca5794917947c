"""The languages built in parallel processes (generator/build/parallel.py) give the same site, byte for byte, as the
i18n plugin's one-after-the-other build; a language whose build fails fails the whole build."""
from __future__ import annotations

import gzip
import os
import time
from pathlib import Path

import pytest

from generator.build import parallel
from tests.sitebuild import build_site


def tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_parallel_and_sequential_builds_are_byte_identical(tmp_path: Path, acked_seeds: Path) -> None:
    one, proc_one = build_site(acked_seeds, tmp_path / "one", {"EE_BUILD_JOBS": "1"})
    two, proc_two = build_site(acked_seeds, tmp_path / "two", {"EE_BUILD_JOBS": "2"})
    for proc in (proc_one, proc_two):
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "WARNING" not in proc.stderr, proc.stderr
    assert "in a parallel process" not in proc_one.stderr
    assert "building zh in a parallel process" in proc_two.stderr
    a, b = tree(one), tree(two)
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    # Both languages' pages in the one sitemap (each process renders only its own), no part file left behind.
    sitemap = a["sitemap.xml"].decode()
    assert "/zh/about/</loc>" in sitemap and "/about/</loc>" in sitemap.replace("/zh/about/", "")
    assert gzip.decompress(b["sitemap.xml.gz"]) == b["sitemap.xml"]
    assert not [k for k in b if k.startswith(".")]
    # Each language's 404 page is its own, and its language switcher does not point at some page of the other build.
    assert '<html lang="zh"' in b["zh/404.html"].decode() and '<html lang="en"' in b["404.html"].decode()
    assert 'href="/" hreflang="en" class="md-select__link"' in b["zh/404.html"].decode()


@pytest.mark.slow
def test_a_failed_language_fails_the_build(tmp_path: Path, acked_seeds: Path) -> None:
    def break_zh(project: Path) -> None:  # a link to a missing page: a warning, so --strict aborts the zh build only
        about = project / "docs" / "about.zh.md"
        about.write_text(about.read_text(encoding="utf-8") + "\n[缺失](no-such-page.md)\n", encoding="utf-8")

    _, proc = build_site(acked_seeds, tmp_path / "w", {"EE_BUILD_JOBS": "2"}, prepare=break_zh)
    assert proc.returncode != 0
    assert "no-such-page.md" in proc.stderr
    assert "the build of zh failed" in proc.stdout + proc.stderr


def test_wait_reports_the_children_that_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    monkeypatch.setattr(parallel, "children", {})
    for lang, status in (("ok", 0), ("bad", 3)):
        pid = os.fork()
        if pid == 0:  # pragma: no cover (the child)
            os._exit(status)
        parallel.children[lang] = pid
    assert parallel.wait() == ["bad"]
    assert parallel.children == {}


def test_stop_ends_the_children(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    monkeypatch.setattr(parallel, "children", {})
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child: would outlive the test without stop())
        time.sleep(60)
        os._exit(0)
    parallel.children["zh"] = pid
    start = time.monotonic()
    parallel.stop()
    assert time.monotonic() - start < 10
    assert parallel.children == {}
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)


@pytest.mark.parametrize(("command", "jobs", "expected"), [
    ("build", "", True), ("build", "2", True), ("build", "1", False), ("serve", "", False), ("serve", "2", False),
    ("gh-deploy", "", True)])
def test_only_builds_fork(monkeypatch: pytest.MonkeyPatch, command: str, jobs: str, expected: bool) -> None:
    monkeypatch.setenv("EE_BUILD_JOBS", jobs)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert parallel.enabled(command) is expected
