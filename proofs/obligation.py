"""Proof obligations and the runner.

An :class:`Obligation` names the rule IDs it proves, states its invariant in the rule's words,
states its bound, and builds a list of :class:`Check` objects. Each check is a set of Z3
assertions whose *unsatisfiability* is the proof (e.g. the transition system conjoined with the
negation of the invariant). The obligation is proved only when every check is unsat; a sat check
refutes it with a counterexample decoded from Z3's model; an unknown check (timeout, resource
limit, incomplete theory) makes it unknown with Z3's reason, never proved.

Every check runs on a fresh ``z3.Solver`` with both a deterministic resource limit (``rlimit``)
and a wall-clock ``timeout``.
"""

from __future__ import annotations

import fnmatch
import inspect
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

import z3

from .verdict import PROVED, REFUTED, UNKNOWN, CheckVerdict, Verdict

DEFAULT_RLIMIT = 50_000_000
DEFAULT_TIMEOUT_MS = 20_000


@dataclass
class Check:
    """Assertions whose unsatisfiability proves (part of) an obligation.

    ``decode(model)`` turns a satisfying model into a counterexample dict with keys
    ``situation`` (readable) and ``scenario`` (conformance-scenario-like export).
    """

    name: str
    assertions: list
    decode: Callable[[z3.ModelRef], dict] | None = None


@dataclass
class Obligation:
    name: str
    rules: tuple[str, ...]
    statement: str
    bound: str
    method: str  # "induction" | "bmc" | "bounded"
    build: Callable[[], list[Check]]
    file: str | None = None
    line: int | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)

    def matches(self, pattern: str) -> bool:
        """pytest-like ``-k``: a substring (or glob) of the name, a rule ID or the section."""
        pattern = pattern.lower()
        haystack = [self.name.lower(), *(r.lower() for r in self.rules), *self.tags]
        if any(ch in pattern for ch in "*?["):
            return any(fnmatch.fnmatch(h, pattern) for h in haystack)
        return any(pattern in h for h in haystack)


def obligation(name: str, rules: Iterable[str], statement: str, bound: str, method: str, build: Callable[[], list[Check]], tags: Iterable[str] = (),
               depth: int = 1) -> Obligation:
    """Create an obligation and remember where it was declared (for traceability): the caller's
    place, or ``depth`` frames up."""
    caller = inspect.stack()[depth]
    return Obligation(name, tuple(rules), statement, bound, method, build, caller.filename, caller.lineno, tuple(tags))


def _rlimit_count(solver: z3.Solver) -> int:
    stats = solver.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0


def run_check(check: Check, rlimit: int, timeout_ms: int) -> tuple[CheckVerdict, dict | None]:
    """Run one check on a fresh solver in a fresh Z3 context (so the resource count starts at
    zero and is reproducible, and nothing survives an earlier timeout)."""
    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.set("rlimit", rlimit)
    solver.set("timeout", timeout_ms)
    solver.add(*[a.translate(ctx) for a in check.assertions])
    start = time.perf_counter()
    result = solver.check()
    seconds = time.perf_counter() - start
    used = _rlimit_count(solver)
    if result == z3.unsat:
        return CheckVerdict(check.name, PROVED, seconds, used), None
    if result == z3.sat:
        model = solver.model().translate(z3.main_ctx())
        cex = check.decode(model) if check.decode else {"situation": {"model": str(model)}}
        cex = {"check": check.name, **cex}
        return CheckVerdict(check.name, REFUTED, seconds, used), cex
    return CheckVerdict(check.name, UNKNOWN, seconds, used, solver.reason_unknown() or "unknown"), None


def prove(ob: Obligation, rlimit: int = DEFAULT_RLIMIT, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Verdict:
    """Run every check of ``ob``; stop at the first refutation."""
    start = time.perf_counter()
    verdict = Verdict(ob.name, ob.rules, PROVED, ob.bound, ob.method, ob.statement)
    try:
        checks = ob.build()
    except z3.Z3Exception as exc:  # a formalization that does not even build is not proved
        verdict.status, verdict.reason = UNKNOWN, f"could not build the problem: {exc}"
        return verdict
    reasons = []
    for check in checks:
        cv, cex = run_check(check, rlimit, timeout_ms)
        verdict.checks.append(cv)
        verdict.rlimit += cv.rlimit
        if cv.status == REFUTED:
            verdict.status, verdict.counterexample = REFUTED, cex
            break
        if cv.status == UNKNOWN:
            verdict.status = UNKNOWN
            reasons.append(f"{cv.name}: {cv.reason}")
    if verdict.status == UNKNOWN:
        verdict.reason = "; ".join(reasons)
    if not checks:
        verdict.status, verdict.reason = UNKNOWN, "the obligation built no check"
    verdict.seconds = time.perf_counter() - start
    return verdict
