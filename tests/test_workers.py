"""generator/workers.py: the per-item work of a cold build in forked processes gives what a plain loop gives."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from generator import workers
from generator.workers import WorkerError, fork_map

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


@pytest.fixture
def forked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pids of the processes forked during the test (os.fork, counted in the parent)."""
    pids: list[int] = []
    real_fork = os.fork

    def fork() -> int:
        pid = real_fork()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", fork)
    return pids


def test_results_come_back_in_the_items_order_from_every_process() -> None:
    items = list(range(1000))
    out = fork_map(lambda x: (x * x, os.getpid()), items, processes=3)
    assert [v for v, _ in out] == [x * x for x in items]
    assert len({pid for _, pid in out}) == 3  # three processes did the work: this is no plain loop


def test_a_failure_in_a_child_is_raised_with_its_reason() -> None:
    def boom(x: int) -> int:
        if x == 301:  # 301 % 2 == 1: the child's share
            raise KeyError("entry 301")
        return x

    with pytest.raises(WorkerError, match="KeyError: 'entry 301'"):
        fork_map(boom, list(range(400)), processes=2)


def test_a_failure_in_the_parent_ends_the_children(forked: list[int]) -> None:
    def boom(x: int) -> int:
        if x == 0:
            raise ValueError("parent")
        return x

    with pytest.raises(ValueError, match="parent"):
        fork_map(boom, list(range(400)), processes=3)
    assert len(forked) == 2
    for pid in forked:  # ended and waited for: no child left behind
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_few_items_run_in_this_process() -> None:
    assert set(fork_map(lambda _: os.getpid(), list(range(workers.MIN_ITEMS_PER_JOB)), 2)) == {os.getpid()}


def test_jobs_follow_the_setting_and_never_fork_beside_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EE_BUILD_JOBS", "1")
    assert workers.jobs() == 1
    monkeypatch.setenv("EE_BUILD_JOBS", "3")
    assert workers.jobs() == 3
    monkeypatch.setenv("EE_BUILD_JOBS", "")
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert workers.jobs() == workers.MAX_JOBS
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert workers.jobs() == 1  # e.g. `mkdocs serve`, which builds in a thread
    finally:
        stop.set()
        thread.join()


def test_the_generator_writes_the_same_files_and_problems_on_one_core_or_two(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: list[int]) -> None:
    from generator.build import site
    from generator.paths import ENTRIES_DIR, REFERENCE_FILE
    results = {}
    for jobs in ("1", "2"):
        monkeypatch.setenv("EE_BUILD_JOBS", jobs)
        results[jobs] = site.build(ENTRIES_DIR, tmp_path / jobs, "https://github.com/example/r", REFERENCE_FILE)
        assert (len(forked) > 0) is (jobs == "2")  # loading, linting and rendering each forked on two "cores"
    assert results["1"].files == results["2"].files
    assert results["1"].problems == results["2"].problems
    assert len(results["1"].files) > 500


def test_a_forked_child_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    """A build killed mid-way (SIGKILL, or subprocess.run ending it after Ctrl-C) leaves no worker behind writing."""
    import signal
    import subprocess
    import sys
    import time

    pid_file = tmp_path / "child.pid"
    script = f"""
import os, sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from generator.workers import end_with_parent
pid = os.fork()
if pid == 0:
    end_with_parent()
    open({str(pid_file)!r}, "w").write(str(os.getpid()))
    time.sleep(60)
    os._exit(0)
time.sleep(60)
"""
    parent = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 30
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        child = int(pid_file.read_text())
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{child}").exists() and "Z" not in Path(f"/proc/{child}/stat").read_text().split()[2]:
            assert time.monotonic() < deadline, "the child outlived its parent"
            time.sleep(0.05)
    finally:
        parent.kill()
