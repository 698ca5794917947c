"""Split 'PyTorch 2.1.0' into product and version, and order versions naturally."""
from __future__ import annotations

import re

_SPLIT = re.compile(r"^(?P<product>.+?)\s+(?P<version>[0-9][0-9A-Za-z.+_-]*)$")


def split_version(text: str) -> tuple[str, str]:
    """'NVIDIA Driver 535.129.03' -> ('NVIDIA Driver', '535.129.03'); no number -> (text, '')."""
    m = _SPLIT.match(text.strip())
    if not m:
        return text.strip(), ""
    return m.group("product"), m.group("version")


def version_key(version: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order: 12.10 after 12.9; numbers before text in the same position."""
    parts = re.split(r"[.+_-]", version)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)
