"""What `mkdocs serve` remembers between rebuilds in one process: a result by a digest of everything it was made of,
made again only when that digest changes (the lint, the entry pages, the reproduction pages, the JSON API, the link
check)."""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def digest(*parts: object) -> bytes:
    """A digest of values made of JSON data, tuples and dataclasses (their repr says everything they hold)."""
    return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"), digest_size=16).digest()


def remembered(memo: dict[K, tuple[bytes, V]], name: K, key: bytes, make: Callable[[], V]) -> V:
    """memo[name]'s value if it was made from `key`, else make()'s, remembered with `key`."""
    known = memo.get(name)
    if known is None or known[0] != key:
        known = memo[name] = (key, make())
    return known[1]
