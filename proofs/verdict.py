"""The verdict of a proof obligation: proved, refuted (with a counterexample) or unknown."""

from __future__ import annotations

from dataclasses import dataclass, field

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"
STATUSES = (PROVED, REFUTED, UNKNOWN)


@dataclass
class CheckVerdict:
    """One satisfiability check of an obligation (initiation, consecution, a BMC depth ...)."""

    name: str
    status: str
    seconds: float
    rlimit: int
    reason: str | None = None

    def as_json(self) -> dict:
        return {"name": self.name, "status": self.status, "seconds": round(self.seconds, 4), "rlimit": self.rlimit, "reason": self.reason}


@dataclass
class Verdict:
    """``proved`` only when every check of the obligation was unsat within its limits.

    ``refuted`` carries a counterexample: ``situation`` (readable: the state before and after,
    the event, which clause of the invariant broke) and ``scenario`` (a conformance-scenario-like
    dict). ``unknown`` carries Z3's reason (timeout, resource limit, incomplete theory); it is
    never counted as proved.

    ``reach`` is ``unbounded`` or ``bound N`` (with ``bound_reason``); ``variants`` are the
    broken variants' results (variant, rule, status, breaks, bites, scenario, seconds, rlimit)
    and ``weak_reason`` says why the proof does not bite (None when every variant was refuted
    and a counterexample is a corpus scenario).
    """

    obligation: str
    rules: tuple[str, ...]
    status: str
    bound: str
    method: str
    statement: str
    seconds: float = 0.0
    rlimit: int = 0
    reason: str | None = None
    counterexample: dict | None = None
    checks: list[CheckVerdict] = field(default_factory=list)
    reach: str = "unbounded"
    bound_reason: str | None = None
    variants: list[dict] = field(default_factory=list)
    weak_reason: str | None = None

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown verdict status {self.status!r}")

    @property
    def proved(self) -> bool:
        return self.status == PROVED

    def as_json(self) -> dict:
        return {
            "obligation": self.obligation,
            "rules": list(self.rules),
            "status": self.status,
            "bound": self.bound,
            "method": self.method,
            "reach": self.reach,
            "bound_reason": self.bound_reason,
            "variants": self.variants,
            "weak": self.weak_reason is not None,
            "weak_reason": self.weak_reason,
            "statement": self.statement,
            "seconds": round(self.seconds, 4),
            "rlimit": self.rlimit,
            "reason": self.reason,
            "counterexample": self.counterexample,
            "checks": [c.as_json() for c in self.checks],
        }
