"""Transition systems: the events the rules describe, as a relation between two states.

A :class:`System` declares its state fields and event parameters, the initial states, the
transition relation (one event), the invariant (labelled clauses, each in the words of the rule
it checks) and step properties (about one event: "a spell cast with flashback that leaves the
stack goes to exile"). From it come the checks of an obligation:

* induction: initiation (``init ∧ ¬inv`` unsat) and consecution
  (``wf ∧ inv ∧ trans ∧ ¬(wf' ∧ inv' ∧ step)`` unsat); proved for every sequence of events of
  any length, from every state satisfying the invariant within the stated bounds;
* bounded model checking: ``init ∧ trans^k ∧ ¬(inv ∧ step at each step)`` unsat for k steps.

The invariant is never derived from the transition relation: the events say what the rules make
them do; the invariant says what the rule under proof says must then hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import z3

from .obligation import Check, Obligation, obligation

ZONES = {0: "library", 1: "hand", 2: "graveyard", 3: "stack", 4: "exile", 5: "battlefield"}
LIBRARY, HAND, GRAVEYARD, STACK, EXILE, BATTLEFIELD = range(6)


@dataclass(frozen=True)
class Field:
    name: str
    kind: str = "int"  # "int" | "bool" | "int-array" | "bool-array" (indexed by any integer: unboundedly many) | "int-matrix" (by two)
    lo: int | None = None
    hi: int | None = None
    labels: dict = field(default_factory=dict)  # value -> readable name

    def make(self, tag: str):
        full = f"{self.name}@{tag}"
        if self.kind == "int-matrix":
            return z3.Array(full, z3.IntSort(), z3.IntSort(), z3.IntSort())
        if self.kind.endswith("-array"):
            return z3.Array(full, z3.IntSort(), z3.BoolSort() if self.kind == "bool-array" else z3.IntSort())
        return z3.Bool(full) if self.kind == "bool" else z3.Int(full)

    def bounds(self, var) -> list:
        out = []
        if self.kind == "int" and self.lo is not None:
            out.append(var >= self.lo)
        if self.kind == "int" and self.hi is not None:
            out.append(var <= self.hi)
        return out

    def show(self, value):
        return self.labels.get(value, value)


def zone_field(name: str) -> Field:
    return Field(name, "int", 0, 5, ZONES)


def value_of(model: z3.ModelRef, expr):
    v = model.eval(expr, model_completion=True)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    try:
        return v.as_long()
    except AttributeError:
        return str(v)


class System:
    """Subclasses set ``name``, ``rules``, ``fields``, ``event_fields`` and the methods below."""

    name = "system"
    rules: tuple[str, ...] = ()
    fields: list[Field] = []
    event_fields: list[Field] = []
    broken: str | None = None  # the name of a deliberately wrong variant, for the tests
    event_names: dict = {}  # value of the event field "event" -> readable name
    moves: tuple = ()  # the events whose destination is the event field "to"

    # ---- the formalization -------------------------------------------------------------
    def well_formed(self, s: dict) -> list:
        """Extra constraints every state satisfies (beyond the fields' bounds)."""
        return []

    def init(self, s: dict):
        raise NotImplementedError

    def trans(self, s: dict, t: dict, e: dict):
        raise NotImplementedError

    def invariant(self, s: dict) -> list[tuple[str, object]]:
        raise NotImplementedError

    def step_properties(self, s: dict, t: dict, e: dict) -> list[tuple[str, object]]:
        return []

    def lemmas(self, s: dict, t: dict, e: dict) -> list:
        """Instances, at this step's terms, of lemmas proved by checks of their own (added to
        the obligation by the subclass): facts consecution may use."""
        return []

    def scope(self, s: dict, e: dict) -> list:
        """Extra constraints on the state before an event and the event, in consecution only: a
        broken variant searched within what a corpus scenario can play (empty: everything)."""
        return []

    # ---- rendering ---------------------------------------------------------------------
    def render_state(self, vals: dict) -> dict:
        return {f.name: f.show(vals[f.name]) for f in self.fields}

    def render_event(self, vals: dict) -> dict:
        if not self.event_names:
            return {f.name: f.show(vals[f.name]) for f in self.event_fields}
        out = {"event": self.event_names.get(vals["event"], vals["event"])}
        if vals["event"] in self.moves:
            out["to"] = ZONES.get(vals["to"])
        return out

    def induction_obligation(self, name: str, statement: str, bound: str, tags=(), **reach) -> Obligation:
        """The obligation proving this system's invariant by induction (declared where the
        caller of this method is). A broken variant's name says so. ``reach``: the size bound,
        its reason and the broken variants (see :func:`obligation`)."""
        return obligation(name + (f"[broken:{self.broken}]" if self.broken else ""), self.rules, statement, bound, "induction",
                          self.induction_checks, tags, depth=2, **reach)

    def scenario(self, states: list[dict], events: list[dict], broken: list[str]) -> dict:
        """A conformance-scenario-like export (id, title, rules, setup, steps, expect).

        The shape will be aligned with conformance/'s scenario format; until then it is a plain
        dict that a human can turn into a scenario."""
        return {
            "id": f"proof-{self.name}-counterexample",
            "title": f"Counterexample to {self.name}: {', '.join(broken)}",
            "rules": list(self.rules),
            "setup": self.render_state(states[0]),
            "steps": [self.render_event(e) for e in events],
            "expect": [f"holds: {b}" for b in broken],
            "observed_in_formalization": self.render_state(states[-1]),
        }

    # ---- machinery ---------------------------------------------------------------------
    def state(self, tag: str) -> dict:
        return {f.name: f.make(tag) for f in self.fields}

    def event(self, tag: str) -> dict:
        return {f.name: f.make(f"ev{tag}") for f in self.event_fields}

    def wf(self, s: dict) -> list:
        out = []
        for f in self.fields:
            out += f.bounds(s[f.name])
        return out + list(self.well_formed(s))

    def ev_wf(self, e: dict) -> list:
        out = []
        for f in self.event_fields:
            out += f.bounds(e[f.name])
        return out

    def _values(self, model, exprs: dict) -> dict:
        return {k: value_of(model, v) for k, v in exprs.items()}

    def _decoder(self, states: list[dict], events: list[dict], clauses: list[tuple[str, object]]):
        def decode(model: z3.ModelRef) -> dict:
            svals = [self._values(model, s) for s in states]
            evals = [self._values(model, e) for e in events]
            broken = [label for label, formula in clauses if z3.is_false(model.eval(formula, model_completion=True))]
            situation = {
                "before": self.render_state(svals[0]),
                "events": [self.render_event(e) for e in evals],
                "after": self.render_state(svals[-1]) if len(svals) > 1 else None,
                "broken": broken,
            }
            return {"situation": situation, "scenario": self.scenario(svals, evals, broken)}

        return decode

    def induction_checks(self) -> list[Check]:
        s0 = self.state("init")
        init_clauses = self.invariant(s0)
        initiation = Check(
            "initiation",
            [*self.wf(s0), self.init(s0), z3.Not(z3.And(*[f for _, f in init_clauses]))],
            self._decoder([s0], [], init_clauses),
        )
        s, t, e = self.state("pre"), self.state("post"), self.event("")
        goal = [("well-formed after the event", z3.And(*self.wf(t)))] + self.invariant(t) + self.step_properties(s, t, e)
        hyp = [*self.wf(s), *self.ev_wf(e), *self.scope(s, e), *[f for _, f in self.invariant(s)], self.trans(s, t, e), *self.lemmas(s, t, e)]
        # one check per clause of the goal: smaller problems, and the verdict says which clause
        consecution = [Check(f"consecution: {label}", [*hyp, z3.Not(formula)], self._decoder([s, t], [e], goal)) for label, formula in goal]
        return [initiation, *consecution]

    def bmc_checks(self, k: int) -> list[Check]:
        """One check: from an initial state, no sequence of up to ``k`` events breaks the
        invariant or a step property."""
        states = [self.state(f"s{i}") for i in range(k + 1)]
        events = [self.event(str(i)) for i in range(k)]
        assertions = [*self.wf(states[0]), self.init(states[0])]
        clauses: list[tuple[str, object]] = [(f"step 0: {l}", f) for l, f in self.invariant(states[0])]
        for i in range(k):
            assertions += self.ev_wf(events[i])
            assertions.append(self.trans(states[i], states[i + 1], events[i]))
            clauses += [(f"step {i + 1}: {l}", f) for l, f in self.invariant(states[i + 1])]
            clauses += [(f"step {i + 1}: {l}", f) for l, f in self.step_properties(states[i], states[i + 1], events[i])]
        assertions.append(z3.Not(z3.And(*[f for _, f in clauses])))
        return [Check(f"bmc k={k}", assertions, self._decoder(states, events, clauses))]


def one_of(var, *values) -> z3.BoolRef:
    return z3.Or(*[var == v for v in values])


def unchanged(s: dict, t: dict, names: Iterable[str]) -> list:
    return [t[n] == s[n] for n in names]


def ite_chain(index, values: list, default=None):
    """``values[index]`` for a symbolic index (``default`` beyond the list)."""
    out = default if default is not None else values[-1]
    for i in reversed(range(len(values))):
        out = z3.If(index == i, values[i], out)
    return out
