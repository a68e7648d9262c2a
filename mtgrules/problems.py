"""Problems found in input files: one clear message naming file, line and field."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file, reported as ``file:line: field: message``."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"

    def as_json(self) -> dict:
        return {"file": self.file, "line": self.line, "field": self.field, "message": self.message}

    @classmethod
    def from_json(cls, data: dict) -> "Problem":
        """The problem :meth:`as_json` gave."""
        return cls(data["file"], data["line"], data["field"], data["message"])


class InputError(Exception):
    """Raised when input files have problems; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.file, p.line or 0, p.field, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))
