"""The vendored CUDA reference table is the shared ground truth, byte for byte."""
from __future__ import annotations

import pytest

from generator.paths import SHARED_REFERENCE, VENDORED_REFERENCE
from generator.reference.cuda_reference import load_reference


@pytest.mark.skipif(not SHARED_REFERENCE.exists(), reason="no ../shared/reference beside this checkout")
def test_vendored_reference_equals_the_shared_one() -> None:
    assert VENDORED_REFERENCE.read_bytes() == SHARED_REFERENCE.read_bytes()


def test_vendored_reference_has_every_code() -> None:
    ref = load_reference(VENDORED_REFERENCE)
    assert len(ref.runtime()) == 132
    assert len([e for e in ref.errors if e.api == "driver"]) == 101
