"""A problem found in an input file, reported as `file: field: message`."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, order=True)
class Problem:
    file: str
    field: str
    message: str
    severity: str = "error"  # "error" | "warning"
    code: str = ""  # stable lint code such as "E101"; empty for load/schema problems
    line: int | None = dataclasses.field(default=None, compare=False)  # qualified: `field` above is an attribute

    def __str__(self) -> str:
        tag = f"{self.code} " if self.code else ""
        return f"{self.file}: {self.field or '(file)'}: {tag}{self.message}"


class BuildError(Exception):
    """Raised when inputs are invalid; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
