"""The repository's entries, loaded once per test process. Loading 250 entries costs ~0.7 CPU s, and a dozen test
modules read them (several at collection, in every xdist worker); they only read it, so one load is shared.
Read-only: a test that changes entries works on a copy (tests/conftest.py's corpus_dir, tests/lintcases.py)."""
from __future__ import annotations

import functools

from generator.load.corpus import Corpus, load_corpus
from generator.paths import ENTRIES_DIR


@functools.cache
def real_corpus() -> Corpus:
    return load_corpus(ENTRIES_DIR)
