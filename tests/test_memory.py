"""generator/build/memory.py: what a process has freed goes back to the system (the build's summed peak memory)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import memory

STATUS = Path("/proc/self/status")


def _rss_mib() -> float:
    m = re.search(r"^VmRSS:\s+(\d+) kB", STATUS.read_text(), re.M)
    assert m is not None
    return int(m.group(1)) / 1024


def test_freed_memory_goes_back_to_the_system() -> None:
    if not STATUS.exists() or memory._malloc_trim() is None:
        pytest.skip("needs Linux and glibc")
    memory.release_free_memory()
    base = _rss_mib()
    blocks = [bytes(4000) for _ in range(60_000)]  # ~230 MiB of the C heap, below the size malloc maps on its own
    kept = blocks[::20]  # every 20th stays: the heap cannot shrink from its top alone
    del blocks
    held = _rss_mib()
    assert held - base > 150  # freed by Python, still held by the process
    assert memory.release_free_memory()
    assert held - _rss_mib() > 100
    assert len(kept) == 3000
