"""The code's own gates, configured in pyproject.toml: ruff over the tree and mypy --strict over generator/. In the
suite, so `make test` (and CI) runs them beside the other tests; `make lint` runs them alone."""
from __future__ import annotations

import subprocess
import sys

import pytest

from generator.paths import ROOT


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


@pytest.mark.slow
def test_ruff_finds_nothing() -> None:
    proc = _tool("ruff", "check", "--output-format", "concise")
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]


@pytest.mark.slow
def test_mypy_strict_finds_nothing() -> None:
    proc = _tool("mypy")
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("Success: no issues found"), proc.stdout
