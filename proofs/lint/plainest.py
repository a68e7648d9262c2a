"""The witness of a finding: the plainest situation (face up, a card, no event ...) of all the
cells where it holds, and the same with only the variables that matter, chosen in a fixed
order by sat/unsat answers alone, so that the same input gives the same witness whatever the
process did before. Works on an ``Analysis``'s solver data; returns situations."""

from __future__ import annotations

from typing import Any

import z3

from .. import vocabulary as voc

#: The plain values, preferred in this order where the constraints allow (the first a card in the hand).
PREFERRED = [("face", "up"), ("kind", "card"), ("layout", "normal"), ("keyword", "none"), ("supertype", "none"), ("merged", "no"), ("card", "any"), ("status", "normal"),
             ("tapped", "no"), ("event", "none"), ("zone", "hand"), ("via", "cast"), ("via", "none"), ("priority", "yes"), ("turn", "yours"), ("stack", "empty"),
             ("step", "precombat-main"), ("from-zone", "none"), ("from-zone", "hand")]
#: The value of each situation variable that goes without saying in a witness.
DEFAULTS = {"layout": "normal", "kind": "card", "card": "any", "face": "up", "status": "normal", "tapped": "no", "half": "none", "event": "none", "zone": "hand", "via": "none",
            "keyword": "none", "merged": "no", "to-zone": "none", "other-component": "none", "from-zone": "none", "supertype": "none", "priority": "yes", "turn": "yours",
            "step": "precombat-main", "stack": "empty"}


def witness(an, cells: list[tuple], clauses: list[str], extra=None) -> tuple[int, dict | None, dict | None]:
    """The witness of a finding that holds in ``cells`` (each: the clauses that apply, the values
    of the situation variables their bodies test, the group's clauses): the index of the first
    cell that holds the plainest situation of them all, that situation (the scenario's), and
    the same with only the variables that matter (the one shown). Taken over all the cells, not
    one met while enumerating, so that it depends on the input only, never on which models Z3
    returned (they vary with what the process did before). (0, None, None) where Z3 finds none."""
    where = [_cell(an, c) for c in dict.fromkeys(cells)]
    constraints = [*an.wf, an.scope, where[0] if len(where) == 1 else z3.Or(*where)]
    plain = plainest_of(an, constraints)
    if plain is None:
        return 0, None, None
    at = [(an.v.consts[n], an.v.values[n][x]) for n, x in plain.items()]
    applying: dict[str, bool] = {}  # whether a clause applies in the witness (its guard evaluated once)

    def applies(cid: str) -> bool:
        if cid not in applying:
            applying[cid] = z3.is_true(z3.simplify(z3.substitute(an.guards[cid], *at)))
        return applying[cid]

    n = next(i for i, (on, bsit, universe) in enumerate(cells) if all(plain[k] == x for k, x in bsit) and all((c in on) == applies(c) for c in universe))
    return n, plain, minimal(an, plain, constraints, _mentioned(an, clauses, extra))


def two_values(an, outcome: str, bodies: tuple) -> tuple[tuple[str, str] | None, str | None]:
    """The first two values of ``outcome`` (in its domain's order) that ``bodies`` allow: the
    values an ambiguity names, the same whatever models Z3 returned; and Z3's reason where it
    could not decide (then no values)."""
    s = an.limits.solver()
    s.add(*an.outcome_axioms, *bodies)
    possible: list[str] = []
    for value in an.v.values[outcome]:
        r = s.check(an.v.eq(outcome, value))
        if r == z3.unknown:
            return None, s.reason_unknown()
        if r == z3.sat:
            possible.append(value)
            if len(possible) == 2:
                return (possible[0], possible[1]), None
    return None, None


def _cell(an, cell: tuple) -> z3.BoolRef:
    """What makes a situation one of the cell's (applies, bsit, universe): which clauses of its
    group ``universe`` apply, and the values ``bsit`` ((name, value) pairs) of the situation
    variables their bodies test. Made once per cell: findings share cells."""
    memo = an.cell_formulas
    if cell not in memo:
        applies, bsit, universe = cell
        for c in universe:
            if ("not", c) not in memo:
                memo[("not", c)] = z3.Not(an.guards[c])
        memo[cell] = z3.And(*[an.guards[c] if c in applies else memo[("not", c)] for c in universe], *[an.v.eq(n, x) for n, x in bsit])
    return memo[cell]


def _mentioned(an, clauses: list[str], extra) -> set[str]:
    """The situation variables the finding's clauses (their conditions and bodies), the
    question's condition ``extra`` and the rule set's scope test."""
    mentioned = set().union(*[_cond_vars(an.by_id[c].when) for c in clauses if c in an.by_id], _cond_vars(extra), _cond_vars(an.custom.scope))
    return mentioned | set().union(*[an.clause_sit[c] for c in clauses if c in an.clause_sit])


def minimal(an, plain: dict, constraints: list, mentioned: set[str]) -> dict:
    """The witness with only the variables that matter: those the finding mentions, and those
    its cells (``constraints``) force once the mentioned ones are fixed; a variable free there
    and tested by none of them (``keyword`` where no clause speaks of a keyword) is dropped."""
    s = an.limits.solver()
    s.add(*constraints, *[an.v.eq(n, plain[n]) for n in sorted(mentioned)])
    # a forced value that is the plain one (face up, untapped, not merged) goes without saying
    return {name: plain[name] for name in voc.SITUATION
            if name in mentioned or (plain[name] != DEFAULTS.get(name) and s.check(z3.Not(an.v.eq(name, plain[name]))) == z3.unsat)}


def plainest_of(an, constraints: list) -> dict | None:
    """The plainest situation under ``constraints``: the preferred values where possible, and
    every other variable at its first possible value, so that the witness does not depend on
    the model Z3 happens to return (each choice is a sat/unsat answer, never a model's value).
    Where the finite-domain solver gives up on an assumption ("unknown"), the general one
    decides, so that no preference is dropped silently. Findings met in the same cells ask the
    same: Z3 shares equal terms, so the constraints' IDs are the key of a cache."""
    cache = an.plainest_cache
    key = tuple(sorted(c.get_id() for c in constraints))
    if key not in cache:  # the entry holds the constraints: an ID is reused once its term is freed
        cache[key] = (constraints, _plainest_of(an, constraints))
    return cache[key][1]


def _plainest_of(an, constraints: list) -> dict | None:
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
        if name in fixed:
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
