"""``mtgrules verify``: every check the project has, with a summary and a failing exit code.

Each part may contribute checks through a module ``mtgrules.<part>.checks`` defining
``verify_checks()``, which returns callables; each callable returns a :class:`CheckResult`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Callable

PARTS = ("spec", "cards", "model", "proofs", "conformance", "docs")


@dataclass
class CheckResult:
    name: str
    ok: bool
    summary: str
    details: list[str] = field(default_factory=list)
    data: dict | None = None

    def as_json(self) -> dict:
        return {"name": self.name, "ok": self.ok, "summary": self.summary, "details": self.details, "data": self.data}


def checks() -> list[Callable[[], CheckResult]]:
    found = []
    for part in PARTS:
        name = f"mtgrules.{part}.checks"
        if importlib.util.find_spec(name) is not None:
            found += importlib.import_module(name).verify_checks()
    return found


def run_check(check: Callable[[], CheckResult]) -> CheckResult:
    """Run one check; an exception is a failed check with its message, never a crash of verify."""
    try:
        return check()
    except Exception as exc:  # a check's own bug must be reported, and the other checks still run
        name = getattr(check, "__name__", repr(check))
        return CheckResult(name, False, f"crashed: {type(exc).__name__}: {exc}")
