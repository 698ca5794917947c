"""Give the memory a build has freed back to the system. CPython frees objects into the C library's heap, which keeps
the pages: a process that has let go of its pages' text still holds them (at 10,000 entries the English build process
held ~410 MiB beside the Pagefind runs, ~340 after this), and the summed peak of the build's processes is what the
machine must have."""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None  # glibc only
    except (OSError, AttributeError):
        return None


def release_free_memory(collect: bool = True) -> bool:
    """Collect garbage (unless `collect` is false: what was freed by reference counting alone, without a pass over
    every object), then return the heap's free pages to the system (glibc's malloc_trim, which also releases free pages
    between used ones). False where the C library has no such call (nothing is released)."""
    if collect:
        gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
