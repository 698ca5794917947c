"""What `mkdocs serve` remembers between rebuilds in one process: a result by a digest of everything it was made of,
made again only when that digest changes (the lint, the entry pages, the reproduction pages, the JSON API, the link
check)."""
from __future__ import annotations

import hashlib
import os
import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from generator.model import Entry

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def digest(*parts: object) -> bytes:
    """A digest of values made of JSON data, tuples and dataclasses (their repr says everything they hold)."""
    return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"), digest_size=16).digest()


Stamp = tuple[int, int, int, int]


def file_stamp(path: str | os.PathLike[str]) -> Stamp | None:
    """A file's inode, size, modification and change times (None when it cannot be read): a file written anew, or
    renamed over (as the generator replaces a changed file), gets a new one."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def file_digest(path: str | os.PathLike[str], memo: dict[str, tuple[Stamp, bytes]]) -> bytes:
    """A digest of the file's bytes, read again only when its file_stamp changed since `memo` last saw it. OSError when
    it cannot be read."""
    stamp = file_stamp(path)
    known = memo.get(str(path))
    if stamp is None or known is None or known[0] != stamp:
        with open(path, "rb") as f:
            content = hashlib.blake2b(f.read(), digest_size=16).digest()
        if stamp is None:
            return content
        known = memo[str(path)] = (stamp, content)
    return known[1]


def remembered(memo: dict[K, tuple[bytes, V]], name: K, key: bytes, make: Callable[[], V]) -> V:
    """memo[name]'s value if it was made from `key`, else make()'s, remembered with `key`."""
    known = memo.get(name)
    if known is None or known[0] != key:
        known = memo[name] = (key, make())
    return known[1]


_ENTRY_DIGESTS: dict[int, bytes] = {}  # id() of a live Entry -> entry_digest (dropped when the Entry is)


def entry_digest(e: Entry) -> bytes:
    """digest(e.path, e.raw), made once per Entry object: the loader gives a rebuild the same Entry for a file whose
    bytes did not change (generator/load/corpus.py), and the lint's and the pages' memos each digested every entry's
    JSON again on every rebuild (~0.3 s at 3,000 entries)."""
    known = _ENTRY_DIGESTS.get(id(e))
    if known is None:
        known = _ENTRY_DIGESTS[id(e)] = digest(e.path, e.raw)
        weakref.finalize(e, _ENTRY_DIGESTS.pop, id(e), None)  # before its id can be another object's
    return known
