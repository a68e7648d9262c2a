"""Double strike (702.4 as printed, 702.4 today) over one combat of up to M creatures.

Each attacking or blocking creature has first strike and/or double strike as the combat damage
step begins; may gain or lose double strike during the first combat damage step (702.4c-d); may
not survive it. The combat damage steps follow 702.4b: if at least one creature has first strike
or double strike as the combat damage step begins, only those deal damage in it and the phase
gets a second combat damage step, in which the remaining creatures that had neither and those
that currently have double strike deal damage; otherwise there is one combat damage step.

The relational property (first strike with double strike is double strike) compares two copies
of the same combat that differ only in one creature's first strike.
"""

from __future__ import annotations

import z3

from .obligation import Check, Variant, obligation
from .scenario_shape import corpus_scenario
from .system import value_of

M = 4


def combat(tag: str, m: int = M):
    c = {k: [z3.Bool(f"{k}{i}@{tag}") for i in range(m)] for k in ("fs", "ds", "ds_later", "survives")}
    power = [z3.Int(f"power{i}@{tag}") for i in range(m)]
    blocked = [z3.Bool(f"blocked{i}@{tag}") for i in range(m)]
    first_step = z3.Or(*[z3.Or(c["fs"][i], c["ds"][i]) for i in range(m)])
    deals1, deals2 = [], []
    for i in range(m):
        early = z3.Or(c["fs"][i], c["ds"][i])
        deals1.append(z3.And(first_step, early))
        second = z3.Or(z3.Not(early), c["ds_later"][i])
        deals2.append(z3.If(first_step, z3.And(c["survives"][i], second), z3.BoolVal(True)))
    to_player = [z3.If(blocked[i], 0, power[i] * (z3.If(deals1[i], 1, 0) + z3.If(deals2[i], 1, 0))) for i in range(m)]
    return {"c": c, "power": power, "blocked": blocked, "first_step": first_step, "deals1": deals1, "deals2": deals2, "to_player": to_player,
            "wf": [p >= 0 for p in power]}


def _decode(cb, label):
    def decode(model):
        m = len(cb["deals1"])
        rows = []
        for i in range(m):
            v = lambda x: value_of(model, x)
            kw = [k for k, on in (("first strike", v(cb["c"]["fs"][i])), ("double strike", v(cb["c"]["ds"][i]))) if on]
            rows.append(f"creature {i} (power {v(cb['power'][i])}, {'blocked' if v(cb['blocked'][i]) else 'unblocked'}, {', '.join(kw) or 'no strike ability'}; "
                        f"double strike after the first step: {v(cb['c']['ds_later'][i])}; survives the first step: {v(cb['c']['survives'][i])}): "
                        f"deals damage in step 1: {v(cb['deals1'][i])}, step 2: {v(cb['deals2'][i])}")
        situation = {"combat": rows, "broken": [label]}
        return {"situation": situation, "scenario": {"id": "proof-double-strike-counterexample", "title": label, "rules": ["double-strike.b"],
                                                     "setup": {"creatures": rows}, "steps": ["all pass through combat"], "expect": [label]}}
    return decode


def properties(a) -> list[tuple[str, object]]:
    """The labelled statements about one combat ``a`` (as :func:`combat` gives it; the
    refinement passes the deals/to_player the model observed instead of the formal ones)."""
    c, m = a["c"], len(a["deals1"])
    return [
        ("double-strike.b/q1: a creature deals combat damage in at most the two combat damage steps, and in both only if it has double strike",
         z3.And(*[z3.Implies(z3.And(a["deals1"][i], a["deals2"][i]), c["ds_later"][i]) for i in range(m)])),
        ("double-strike.q1/q2: an unblocked creature that keeps double strike deals its damage to the player twice",
         z3.And(*[z3.Implies(z3.And(c["ds"][i], c["ds_later"][i], c["survives"][i], z3.Not(a["blocked"][i])), a["to_player"][i] == 2 * a["power"][i]) for i in range(m)])),
        ("double-strike.c: removing double strike during the first combat damage step stops it from dealing damage in the second",
         z3.And(*[z3.Implies(z3.And(c["ds"][i], z3.Not(c["ds_later"][i])), z3.Not(a["deals2"][i])) for i in range(m)])),
        ("double-strike.d: giving double strike to a first striker after it dealt damage lets it deal damage in the second step",
         z3.And(*[z3.Implies(z3.And(c["fs"][i], c["ds_later"][i], c["survives"][i]), z3.And(a["deals1"][i], a["deals2"][i])) for i in range(m)])),
        ("double-strike.b: a creature without first strike or double strike deals combat damage once at most",
         z3.And(*[z3.Implies(z3.And(z3.Not(c["fs"][i]), z3.Not(c["ds"][i])), z3.Not(a["deals1"][i])) for i in range(m)])),
    ]


def _checks(broken: str | None = None, playable: bool = False) -> list[Check]:
    """``playable``: one creature only, Boros Swiftblade (1/2, double strike), attacking alone
    and unblocked, so that a counterexample renders as a scenario."""
    checks = []
    a = combat("a", 1 if playable else M)
    if playable:
        a["wf"] += [a["c"]["ds"][0], z3.Not(a["c"]["fs"][0]), a["c"]["ds_later"][0], a["c"]["survives"][0], z3.Not(a["blocked"][0]), a["power"][0] == 1]
    if broken == "first-strike-step-only-for-first-strike":
        # a wrong engine: double strike alone does not create the first combat damage step
        a["first_step"] = z3.Or(*a["c"]["fs"])
        m = len(a["power"])
        a["deals1"] = [z3.And(a["first_step"], z3.Or(a["c"]["fs"][i], a["c"]["ds"][i])) for i in range(m)]
        a["deals2"] = [z3.If(a["first_step"], z3.And(a["c"]["survives"][i], z3.Or(z3.Not(z3.Or(a["c"]["fs"][i], a["c"]["ds"][i])), a["c"]["ds_later"][i])), True) for i in range(m)]
        a["to_player"] = [z3.If(a["blocked"][i], 0, a["power"][i] * (z3.If(a["deals1"][i], 1, 0) + z3.If(a["deals2"][i], 1, 0))) for i in range(m)]
    if playable:  # the relational check below needs two creatures' worth of combat: only the properties
        return [Check(label.split(":")[0], [*a["wf"], z3.Not(formula)], _decode(a, label)) for label, formula in properties(a)]
    b = combat("b")
    c, d = a["c"], b["c"]
    # combat b: the same as a, except creature 0 (which has double strike) also has first strike
    same = [a["power"][i] == b["power"][i] for i in range(M)] + [a["blocked"][i] == b["blocked"][i] for i in range(M)]
    for k in ("ds", "ds_later", "survives"):
        same += [c[k][i] == d[k][i] for i in range(M)]
    same += [c["fs"][i] == d["fs"][i] for i in range(1, M)] + [c["ds"][0], d["fs"][0]]
    label = "double-strike.q6: a creature with both first strike and double strike works exactly like one with only double strike"
    diff = z3.Or(*[z3.Or(a["deals1"][i] != b["deals1"][i], a["deals2"][i] != b["deals2"][i]) for i in range(M)])
    checks.append(Check("first strike with double strike", [*a["wf"], *b["wf"], *same, diff], _decode(a, label)))
    props = properties(a)
    for label, formula in props:
        checks.append(Check(label.split(":")[0], [*a["wf"], z3.Not(formula)], _decode(a, label)))
    return checks


def double_strike_obligation(broken: str | None = None, variants=(), playable: bool = False):
    return obligation(
        "double-strike.combat" + ("[playable]" if playable else "") + (f"[broken:{broken}]" if broken else ""),
        ("double-strike.a", "double-strike.b", "double-strike.c", "double-strike.d", "double-strike.q1", "double-strike.q2", "double-strike.q6"),
        "A creature with double strike deals both first-strike and regular combat damage; a creature deals combat damage in at "
        "most the two combat damage steps; removing or granting double strike during the first step has the effect 702.4c-d "
        "say; first strike with double strike is the same as double strike.",
        f"every combat of up to {M} attacking or blocking creatures with any first strike / double strike, any change of double "
        "strike during the first step, any survival and power",
        "bounded", lambda: _checks(broken, playable), tags=("double-strike", "702.4"), size_bound=M, variants=variants,
        bound_reason="one Z3 constant per creature; a creature's damage depends on the others only through whether any has "
                     "first or double strike (702.4b), which two creatures already exercise; no induction over creatures yet")


def scenario_of(counterexample: dict) -> dict:
    """The playable counterexample (a lone unblocked double striker, no first strike) as a corpus
    scenario: Boros Swiftblade attacks bob unblocked. The expectation is the rule's
    (double-strike.q1, 702.4b): it deals its damage in both combat damage steps, 2 in all."""
    if not any(b.startswith("double-strike.q1/q2") for b in counterexample["situation"]["broken"]):
        raise ValueError(f"not a counterexample this scenario plays: {counterexample['situation']}")
    return corpus_scenario(
        "proof-double-strike-alone-gets-first-step", "A lone double striker gets a first-strike combat damage step and deals damage twice",
        ["double-strike.a", "double-strike.b", "double-strike.q1"],
        {"seed": "004_1ed1565688c40336.txt", "line": 72, "ruling": "double-strike.q1",
         "quote": "If you don't block it, it will deal 1 damage to you, and then another 1 damage to you, for a total of 2 damage."},
        ["pre-2013", "2026-08-07"], ["double-strike", "combat"], ["Boros Swiftblade"],
        "mtgrules.proofs.double_strike.scenario_of from Z3's counterexample to the broken variant first-strike-step-only-for-first-strike: "
        + "; ".join(counterexample["situation"]["combat"]),
        {"alice": {"battlefield": [{"card": "Boros Swiftblade", "as": "blade"}]}, "bob": {"life": 20}},
        [{"declare_attackers": {"blade": "bob"}, "by": "alice"}, {"declare_blockers": {}, "by": "bob"}, {"advance_to": "end-of-combat"}],
        [{"player": "bob", "life": 18}, {"event": {"kind": "damage", "source": "blade", "target": "bob", "step": "first-strike-damage"}}])


VARIANTS = (Variant("first-strike-step-only-for-first-strike", "double-strike.q6", "double-strike.q6",
                    lambda: double_strike_obligation("first-strike-step-only-for-first-strike")),
            Variant("first-strike-step-only-for-first-strike (playable)", "double-strike.q1", "double-strike.q1/q2",
                    lambda: double_strike_obligation("first-strike-step-only-for-first-strike", playable=True),
                    "proof-double-strike-alone-gets-first-step", scenario_of))
OBLIGATIONS = [double_strike_obligation(variants=VARIANTS)]
