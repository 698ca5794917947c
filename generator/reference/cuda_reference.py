"""The CUDA error reference table (codes and messages read from the real libraries)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.paths import ERROR_DOCS_FILE, REFERENCE_FILE


@dataclass(frozen=True)
class CudaError:
    api: str  # "runtime" or "driver"
    code: int
    name: str
    message: str


@dataclass(frozen=True)
class Reference:
    errors: tuple[CudaError, ...]

    def by_name(self, name: str) -> CudaError | None:
        return self._names().get(name)

    def runtime(self) -> list[CudaError]:
        return [e for e in self.errors if e.api == "runtime" and e.code != 0]

    def driver_twin(self, err: CudaError) -> CudaError | None:
        """The driver enum that prints the same message for the same code, if any."""
        for d in self.errors:
            if d.api == "driver" and d.code == err.code and d.message == err.message:
                return d
        for d in self.errors:
            if d.api == "driver" and d.message == err.message:
                return d
        return None

    def _names(self) -> dict[str, CudaError]:
        return {e.name: e for e in self.errors}


@lru_cache(maxsize=4)
def load_reference(path: Path = REFERENCE_FILE) -> Reference:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                d = json.loads(line)
                rows.append(CudaError(d["api"], int(d["code"]), d["name"], d["message"]))
    return Reference(tuple(rows))


STICKY_SENTENCE = "the process must be terminated and relaunched"


@lru_cache(maxsize=2)
def error_docs(path: Path = ERROR_DOCS_FILE) -> dict[str, str]:
    """NVIDIA's description of each runtime and driver error code, by name ({} where the file is missing)."""
    if not path.is_file():
        return {}
    docs = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                d = json.loads(line)
                docs[d["name"]] = d["doc"]
    return docs


def documented_sticky(name: str) -> bool:
    """NVIDIA documents the code as sticky: 'This leaves the process in an inconsistent state and any further CUDA
    work will return the same error. To continue using CUDA, the process must be terminated and relaunched.'"""
    return STICKY_SENTENCE in error_docs().get(name, "")


_CODE_RE = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?: \((?P<code>-?\d+)\))?$")


def parse_error_code(value: str) -> tuple[str, int | None] | None:
    """'cudaErrorIllegalAddress (700)' -> ('cudaErrorIllegalAddress', 700); None if not that shape."""
    m = _CODE_RE.match(value.strip())
    if not m:
        return None
    code = m.group("code")
    return m.group("name"), int(code) if code is not None else None


def slug_for(name: str) -> str:
    """cudaErrorIllegalAddress -> illegal-address."""
    base = name.removeprefix("cudaError")
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", base).lower()
