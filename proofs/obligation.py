"""Proof obligations and the runner.

An :class:`Obligation` names the rule IDs it proves, states its invariant in the rule's words,
states its bound, and builds a list of :class:`Check` objects. Each check is a set of Z3
assertions whose *unsatisfiability* is the proof (e.g. the transition system conjoined with the
negation of the invariant). The obligation is proved only when every check is unsat; a sat check
refutes it with a counterexample decoded from Z3's model; an unknown check (timeout, resource
limit, incomplete theory) makes it unknown with Z3's reason, never proved.

Every check runs on a fresh ``z3.Solver`` in a fresh context and process with fixed solver
parameters (:mod:`.solving`), a deterministic resource limit (``rlimit``) and a
wall-clock ``timeout``, so the same input gives the same verdict and the same work count.

An obligation also says how far it reaches: ``size_bound`` None means for objects of any size
(any number of components, replacement effects, cards in hand); a number is a bound kept, with
``bound_reason`` saying why. And it carries its broken variants (:class:`Variant`): the rule as an engine
author might get it wrong, each of which must be refuted for the proof to bite.
"""

from __future__ import annotations

import fnmatch
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

import z3

from .solving import pinned, solve_all
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


@dataclass(frozen=True)
class Variant:
    """A deliberately broken formalization (the rule ``rule`` as an engine author might get it
    wrong): ``build()`` gives its obligation, which must be refuted with a counterexample that
    breaks the invariant clause containing ``clause``. ``scenario`` is the ID of the corpus
    scenario the counterexample is rendered as (conformance/scenarios/proof-counterexamples/),
    None when it has none yet."""

    name: str
    rule: str
    clause: str
    build: Callable[[], "Obligation"]
    scenario: str | None = None
    render: Callable[[dict], dict] | None = None  # the counterexample -> that scenario (counterexamples.py)


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
    size_bound: int | None = None  # None: objects of any size; else the bound kept
    bound_reason: str | None = None  # why the bound is kept (required with a size bound)
    variants: tuple[Variant, ...] = field(default_factory=tuple)

    @property
    def reach(self) -> str:
        """``unbounded`` or ``bound N``."""
        return "unbounded" if self.size_bound is None else f"bound {self.size_bound}"

    def matches(self, pattern: str) -> bool:
        """pytest-like ``-k``: a substring (or glob) of the name, a rule ID or the section."""
        pattern = pattern.lower()
        haystack = [self.name.lower(), *(r.lower() for r in self.rules), *self.tags]
        if any(ch in pattern for ch in "*?["):
            return any(fnmatch.fnmatch(h, pattern) for h in haystack)
        return any(pattern in h for h in haystack)


def obligation(name: str, rules: Iterable[str], statement: str, bound: str, method: str, build: Callable[[], list[Check]], tags: Iterable[str] = (),
               depth: int = 1, size_bound: int | None = None, bound_reason: str | None = None, variants: Iterable[Variant] = ()) -> Obligation:
    """Create an obligation and remember where it was declared (for traceability): the caller's
    place, or ``depth`` frames up (read from the frame itself: no source is read at import).
    A size bound without its reason is a ValueError."""
    if size_bound is not None and not bound_reason:
        raise ValueError(f"obligation {name}: a size bound ({size_bound}) needs the reason it is kept")
    caller = sys._getframe(depth)
    return Obligation(name, tuple(rules), statement, bound, method, build, caller.f_code.co_filename, caller.f_lineno, tuple(tags),
                      size_bound, bound_reason, tuple(variants))


def verdict_of(check: Check, reply: dict) -> tuple[CheckVerdict, dict | None]:
    """The verdict of one check from its solver reply (:mod:`.solving`), with the counterexample
    decoded when it is satisfiable."""
    seconds, used = reply.get("seconds", 0.0), reply["rlimit"]
    if reply["result"] == "unsat":
        return CheckVerdict(check.name, PROVED, seconds, used), None
    if reply["result"] == "sat":
        model = pinned(check.assertions, reply["values"])
        cex = check.decode(model) if check.decode else {"situation": {"model": str(model)}}
        cex = {"check": check.name, **cex}
        return CheckVerdict(check.name, REFUTED, seconds, used), cex
    return CheckVerdict(check.name, UNKNOWN, seconds, used, reply["reason"]), None


def prove(ob: Obligation, rlimit: int = DEFAULT_RLIMIT, timeout_ms: int = DEFAULT_TIMEOUT_MS, variants: bool = True) -> Verdict:
    """Run every check of ``ob`` (stop at the first refutation), then, with ``variants``, each of
    its broken variants: the verdict lists which were refuted and is weak unless all were, each
    breaking its clause, and at least one counterexample is a corpus scenario."""
    start = time.perf_counter()
    verdict = _prove_checks(ob, rlimit, timeout_ms)
    if variants:
        verdict.variants = [_prove_variant(v, rlimit, timeout_ms) for v in ob.variants]
        verdict.weak_reason = weakness(verdict.variants)
    verdict.seconds = time.perf_counter() - start
    return verdict


def weakness(variants: list[dict]) -> str | None:
    """Why a proof does not bite (None when it does)."""
    if not variants:
        return "no broken variant"
    missed = [v["variant"] for v in variants if not v["bites"]]
    if missed:
        return "broken variants not refuted on their clause: " + ", ".join(missed)
    if not any(v["scenario"] for v in variants):
        return "no counterexample rendered as a corpus scenario"
    return None


def _prove_variant(variant: Variant, rlimit: int, timeout_ms: int) -> dict:
    verdict = _prove_checks(variant.build(), rlimit, timeout_ms)
    cex = verdict.counterexample or {}
    situation = cex.get("situation") if isinstance(cex.get("situation"), dict) else {}
    breaks = list(situation.get("broken", []))
    return {"variant": variant.name, "rule": variant.rule, "status": verdict.status, "breaks": breaks,
            "bites": verdict.status == REFUTED and any(variant.clause in b for b in breaks),
            "scenario": variant.scenario, "seconds": round(verdict.seconds, 4), "rlimit": verdict.rlimit}


def _prove_checks(ob: Obligation, rlimit: int, timeout_ms: int) -> Verdict:
    start = time.perf_counter()
    verdict = Verdict(ob.name, ob.rules, PROVED, ob.bound, ob.method, ob.statement, reach=ob.reach, bound_reason=ob.bound_reason)
    try:
        checks = ob.build()
    except z3.Z3Exception as exc:  # a formalization that does not even build is not proved
        verdict.status, verdict.reason = UNKNOWN, f"could not build the problem: {exc}"
        return verdict
    reasons = []
    # reproducibly (solving.py: each check in a fresh process and context, fixed parameters, so
    # the resource count starts at zero and nothing survives an earlier timeout), in one request
    for check, reply in zip(checks, solve_all([c.assertions for c in checks], rlimit, timeout_ms)):
        cv, cex = verdict_of(check, reply)
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
