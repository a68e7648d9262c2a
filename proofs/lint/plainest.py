"""The witness of a finding: the plainest situation of its cell (face up, a card, no event ...)
and the same with only the variables that matter, in a fixed order so that the same input
gives the same witness. Works on an ``Analysis``'s solver data; returns situations."""

from __future__ import annotations

from typing import Any

import z3

from .. import vocabulary as voc

#: The plain values, preferred in this order where the constraints allow (the first a card in the hand).
PREFERRED = [("face", "up"), ("kind", "card"), ("layout", "normal"), ("keyword", "none"), ("supertype", "none"), ("merged", "no"), ("card", "any"), ("status", "normal"),
             ("tapped", "no"), ("event", "none"), ("via", "cast"), ("via", "none"), ("zone", "hand"), ("priority", "yes"), ("turn", "yours"), ("stack", "empty"),
             ("step", "precombat-main"), ("from-zone", "none"), ("from-zone", "hand")]
#: The value of each situation variable that goes without saying in a witness.
DEFAULTS = {"layout": "normal", "kind": "card", "card": "any", "face": "up", "status": "normal", "tapped": "no", "half": "none", "event": "none", "zone": "hand", "via": "none",
            "keyword": "none", "merged": "no", "to-zone": "none", "other-component": "none", "from-zone": "none", "supertype": "none", "priority": "yes", "turn": "yours",
            "step": "precombat-main", "stack": "empty"}


def witnesses(an, found) -> None:
    """Set ``found.plain`` (the scenario's situation) and ``found.shown`` (the witness shown) of
    a conflict or an open question."""
    extra = found.question.get("when") if hasattr(found, "question") else None
    mentioned = _mentioned(an, found.clauses, extra)
    # the cell's plainest situation gives the values of what the finding mentions (only those
    # need the fixed order here; the other variables are settled by the second search)
    found.plain = plainest_of(an, [*an.wf, an.scope, *cell_constraints(an, found.cell, found.situation, found.universe)], mentioned)
    found.shown = minimal(an, found.plain, found.clauses, mentioned)
    if found.shown is not None:  # the plainest situation with what the finding needs: the scenario's
        found.plain = plainest_of(an, [*an.wf, an.scope, *[an.guards[c] for c in found.clauses if c in an.guards],
                                       *[an.v.eq(n, x) for n, x in found.shown.items()]]) or found.plain


def _mentioned(an, clauses: list[str], extra) -> set[str]:
    """The situation variables the finding's clauses (their conditions and bodies), the
    question's condition ``extra`` and the rule set's scope test."""
    mentioned = set().union(*[_cond_vars(an.by_id[c].when) for c in clauses if c in an.by_id], _cond_vars(extra), _cond_vars(an.custom.scope))
    return mentioned | set().union(*[an.clause_sit[c] for c in clauses if c in an.clause_sit])


def minimal(an, plain: dict | None, clauses: list[str], mentioned: set[str]) -> dict | None:
    """The witness with only the variables that matter: those the finding mentions, and those
    the cell forces; a variable free in the cell and tested by none of them (``keyword`` where
    no clause speaks of a keyword) is dropped."""
    if plain is None:
        return None
    s = an.limits.solver()
    s.add(*an.wf, an.scope, *[an.guards[c] for c in clauses if c in an.guards], *[an.v.eq(n, plain[n]) for n in sorted(mentioned)])
    # a forced value that is the plain one (face up, untapped, not merged) goes without saying
    return {name: plain[name] for name in voc.SITUATION
            if name in mentioned or (plain[name] != DEFAULTS.get(name) and s.check(z3.Not(an.v.eq(name, plain[name]))) == z3.unsat)}


def plainest_of(an, constraints: list, ordered=None) -> dict | None:
    """The plainest situation under ``constraints``: the preferred values where possible, and
    every other variable (of ``ordered``; default: all) at its first possible value, so that
    the witness does not depend on the model Z3 happens to return. Where the finite-domain
    solver gives up on an assumption ("unknown"), the general one decides, so that no
    preference is dropped silently. Findings of one cell ask the same: Z3 shares equal terms,
    so the constraints' IDs are the key of a cache."""
    cache = an.plainest_cache
    key = (tuple(sorted(c.get_id() for c in constraints)), None if ordered is None else tuple(sorted(ordered)))
    if key not in cache:
        cache[key] = _plainest_of(an, constraints, ordered)
    return cache[key]


def _plainest_of(an, constraints: list, ordered) -> dict | None:
    s = an.limits.solver()
    s.add(*constraints)
    general: list = []

    def check(assumptions: list):
        r = s.check(*assumptions)
        if r != z3.unknown:
            return r, s
        if not general:
            g = z3.Solver()
            g.set("timeout", an.limits.timeout_ms)
            g.add(*constraints)
            general.append(g)
        return general[0].check(*assumptions), general[0]

    keep: list = []
    fixed: set[str] = set()
    r, solver = check(keep)
    if r != z3.sat:
        return None
    model = solver.model()  # satisfies `keep`: a preference it already meets needs no call
    for name, value in PREFERRED:
        if name in fixed:
            continue
        trial = keep + [an.v.eq(name, value)]
        if an.v.read(model, [name])[name] == value:
            keep = trial
            fixed.add(name)
            continue
        r, solver = check(trial)
        if r == z3.sat:
            keep, model = trial, solver.model()
            fixed.add(name)
    for name in voc.SITUATION:
        if name in fixed or (ordered is not None and name not in ordered):
            continue
        now = an.v.read(model, [name])[name]
        # the first possible value in the domain's order: those before the model's one are tried
        for value in an.v.values[name]:
            if value == now:
                keep = keep + [an.v.eq(name, value)]
                break
            r, solver = check([*keep, an.v.eq(name, value)])
            if r == z3.sat:
                keep, model = keep + [an.v.eq(name, value)], solver.model()
                break
    r, solver = check(keep)
    return an.v.read(solver.model(), voc.SITUATION) if r == z3.sat else None


def cell_constraints(an, applies: frozenset, situation: dict, universe: tuple) -> list:
    """What makes a situation one of the cell's: which clauses of its group apply, and the
    situation variables their bodies test."""
    return [an.guards[c] if c in applies else z3.Not(an.guards[c]) for c in universe] + [an.v.eq(n, situation[n]) for n in an.sit_vars(applies)]


def _cond_vars(cond: Any) -> set[str]:
    """The situation variables a condition tests."""
    if isinstance(cond, list):
        return set().union(*[_cond_vars(c) for c in cond]) if cond else set()
    if not isinstance(cond, dict):
        return set()
    out = set()
    for key, value in cond.items():
        if key in ("any", "all", "not"):
            out |= _cond_vars(value)
        elif key in voc.SITUATION:
            out.add(key)
    return out
