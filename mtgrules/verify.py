"""``mtgrules verify``: every check the project has, with a summary and a failing exit code.

Each part may contribute checks through a module ``mtgrules.<part>.checks`` defining
``verify_checks()``, which returns callables; each callable returns a :class:`CheckResult`.
A check's progress label is its ``label`` (set with :func:`labelled`), else its part and name
(``check_corpus_coverage`` of conformance reads "conformance: corpus coverage").

A passing check's details are findings to read, not problems: verify shows their count and the
check's ``command`` (where to read them) instead of the lines themselves.
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
    command: str | None = None  # the command that shows the details in full, e.g. mtgrules lint-rules FILE

    def as_json(self) -> dict:
        return {"name": self.name, "ok": self.ok, "summary": self.summary, "details": self.details, "data": self.data,
                "command": self.command}


def labelled(label: str):
    """Give a check its progress label ("custom rules: DYN")."""
    def mark(check):
        check.label = label
        return check
    return mark


def label(check: Callable[[], CheckResult]) -> str:
    """The check's label, else its part and name without ``check``: "spec", "proofs: trace properties"."""
    if getattr(check, "label", None):
        return check.label
    module = getattr(check, "__module__", "") or ""
    part = module.split(".")[1] if module.startswith("mtgrules.") and module.count(".") >= 2 else ""
    words = [w for w in getattr(check, "__name__", "check").split("_") if w not in ("check", "self")]
    name = " ".join(words)
    return name if not part or name.startswith(part) else f"{part}: {name}"


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
