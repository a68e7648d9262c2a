"""Provoke (702.37 as printed, 702.39 today) and fear (its two rulings), over one combat.

State: an attacker A with provoke and another attacker B, one creature D of the defending
player; their evasion (flying, fear), D's reach, color and artifact status, whether D is
tapped, whether provoke's requirement applies to D, the declared blocks, whether A has become
blocked. Events: provoke's trigger resolves (its controller chose D: D is untapped and must block
A this combat if able); D is tapped (its own ability, provoke.q3); blockers are declared, as
509.1c says: no restriction violated, and as many requirements obeyed as possible without
violating one; after blocks, an effect changes D's color or types (fear.q2) or D leaves combat.
"""

from __future__ import annotations

from itertools import product

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import Field, System

EVENTS = {0: "provoke's trigger resolves targeting D", 1: "D becomes tapped", 2: "blockers are declared",
          3: "an effect changes D's color and types", 4: "D leaves combat"}
PROVOKE, TAP, DECLARE, RETYPE, LEAVE = range(5)


class Blocking(System):
    name = "blocking"
    event_names = EVENTS
    rules = ("provoke.a", "provoke.q1", "provoke.q3", "provoke.q4", "fear.q2", "double-strike.q4")

    def __init__(self, broken: str | None = None, playable: bool = False):
        """``playable``: only the situation a corpus scenario plays (see :meth:`scope`)."""
        self.broken, self.playable = broken, playable
        self.fields = [Field("declared", "bool"), Field("d_tapped", "bool"), Field("provoked", "bool"),
                       *[Field(f, "bool") for f in ("a_flying", "a_fear", "b_flying", "b_fear", "d_flying", "d_reach", "d_black", "d_artifact")],
                       Field("blocks_a", "bool"), Field("blocks_b", "bool"), Field("a_blocked", "bool")]
        self.event_fields = [Field("event", "int", 0, 4, EVENTS), Field("choose_a", "bool"), Field("choose_b", "bool"),
                             Field("new_black", "bool"), Field("new_artifact", "bool")]

    def can_block(self, s, x):
        """Restrictions: a tapped creature can't block; flying (702.9); fear (702.36 today)."""
        evasion_ok = z3.And(z3.Or(z3.Not(s[f"{x}_flying"]), s["d_flying"], s["d_reach"]), z3.Or(z3.Not(s[f"{x}_fear"]), s["d_black"], s["d_artifact"]))
        return z3.And(z3.Not(s["d_tapped"]), evasion_ok)

    def legal(self, s, ba, bb):
        """No restriction violated (and D blocks one creature at most)."""
        return z3.And(z3.Implies(ba, self.can_block(s, "a")), z3.Implies(bb, self.can_block(s, "b")), z3.Not(z3.And(ba, bb)))

    def obeyed(self, s, ba, bb):
        return z3.If(z3.And(s["provoked"], ba), 1, 0)

    def scope(self, s, e):
        """Blockers declared: an untapped creature without flying or reach, provoked by an attacker
        with flying and without fear (Swooping Talon provoking Grizzly Bears)."""
        if not self.playable:
            return []
        return [e["event"] == DECLARE, s["provoked"], z3.Not(s["d_tapped"]), s["a_flying"], z3.Not(s["a_fear"]), z3.Not(s["d_flying"]), z3.Not(s["d_reach"])]

    def init(self, s):
        return z3.And(z3.Not(s["declared"]), z3.Not(s["provoked"]), z3.Not(s["blocks_a"]), z3.Not(s["blocks_b"]), z3.Not(s["a_blocked"]))

    def trans(self, s, t, e):
        ev = e["event"]
        fixed = ("a_flying", "a_fear", "b_flying", "b_fear", "d_flying", "d_reach")
        keep = lambda *names: z3.And(*[t[n] == s[n] for n in names])
        # provoke.a: "... block this creature this combat if able. If you do, untap that creature."
        provoke = z3.And(z3.Not(s["declared"]), t["provoked"], z3.Not(t["d_tapped"]),
                         keep("declared", "d_black", "d_artifact", "blocks_a", "blocks_b", "a_blocked"))
        tap = z3.And(z3.Not(s["declared"]), t["d_tapped"], keep("declared", "provoked", "d_black", "d_artifact", "blocks_a", "blocks_b", "a_blocked"))
        ca, cb = e["choose_a"], e["choose_b"]
        # 509.1c: the declaration obeys the maximum number of requirements possible without
        # violating a restriction: compare with every other declaration
        best = [z3.Implies(self.legal(s, z3.BoolVal(x), z3.BoolVal(y)), self.obeyed(s, z3.BoolVal(x), z3.BoolVal(y)) <= self.obeyed(s, ca, cb))
                for x, y in product((False, True), repeat=2)]
        if self.broken == "requirements-over-restrictions":
            rule = z3.And(z3.Implies(s["provoked"], ca), z3.Not(z3.And(ca, cb)))
        else:
            rule = z3.And(self.legal(s, ca, cb), *best)
        declare = z3.And(z3.Not(s["declared"]), t["declared"], rule, t["blocks_a"] == ca, t["blocks_b"] == cb, t["a_blocked"] == ca,
                         keep("d_tapped", "provoked", "d_black", "d_artifact"))
        retype = z3.And(s["declared"], t["d_black"] == e["new_black"], t["d_artifact"] == e["new_artifact"],
                        keep("declared", "d_tapped", "provoked", "blocks_a", "blocks_b", "a_blocked"))
        leave = z3.And(s["declared"], z3.Not(t["blocks_a"]), z3.Not(t["blocks_b"]), keep("declared", "d_tapped", "provoked", "d_black", "d_artifact", "a_blocked"))
        return z3.And(keep(*fixed), z3.Or(z3.And(ev == PROVOKE, provoke), z3.And(ev == TAP, tap), z3.And(ev == DECLARE, declare),
                                         z3.And(ev == RETYPE, retype), z3.And(ev == LEAVE, leave)))

    def invariant(self, s):
        return [
            ("before blockers are declared, nothing blocks", z3.Implies(z3.Not(s["declared"]), z3.Not(z3.Or(s["blocks_a"], s["blocks_b"], s["a_blocked"])))),
            ("double-strike.q4: a creature that has become blocked remains blocked for the rest of combat", z3.Implies(s["blocks_a"], s["a_blocked"])),
        ]

    def step_properties(self, s, t, e):
        declare = e["event"] == DECLARE
        return [
            ("provoke.a/provoke.q1: the provoked creature blocks the creature with provoke if able",
             z3.Implies(z3.And(declare, s["provoked"], self.can_block(s, "a")), t["blocks_a"])),
            ("provoke.q3: a provoked creature that became tapped again doesn't block",
             z3.Implies(z3.And(declare, s["d_tapped"]), z3.Not(z3.Or(t["blocks_a"], t["blocks_b"])))),
            ("provoke.q4: provoke can't make a creature block one it couldn't (flying, fear)",
             z3.Implies(z3.And(declare, z3.Or(z3.And(s["a_flying"], z3.Not(s["d_flying"]), z3.Not(s["d_reach"])),
                                                z3.And(s["a_fear"], z3.Not(s["d_black"]), z3.Not(s["d_artifact"])))), z3.Not(t["blocks_a"]))),
            ("fear.q2: changing a blocker after blockers are declared doesn't undo the block",
             z3.Implies(e["event"] == RETYPE, z3.And(t["blocks_a"] == s["blocks_a"], t["a_blocked"] == s["a_blocked"]))),
            ("double-strike.q4: A stays blocked even when its blocker leaves combat", z3.Implies(s["a_blocked"], t["a_blocked"])),
        ]


def blocking_obligation(broken: str | None = None, playable: bool = False, **reach):
    return Blocking(broken, playable).induction_obligation(
        "provoke-fear.blocks" + ("[playable]" if playable else ""),
        "A creature provoked blocks the creature with provoke if able, never against a restriction (tapped, flying, fear); "
        "a block, once declared, isn't undone by changing the blocker, and a blocked creature remains blocked.",
        "one combat: two attackers (any flying / fear), one potential blocker (any flying, reach, color, artifact), "
        "every sequence of events (induction); 509.1c checked against every other declaration",
        tags=("provoke", "fear", "blocking"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The playable counterexample (a provoked creature without flying or reach blocks the flying
    creature with provoke) as a corpus scenario: Swooping Talon provokes Grizzly Bears. The
    expectation is the rule's (provoke.q4): the Bears can't block it, so they don't."""
    situation = counterexample["situation"]
    before, after = situation["before"], situation["after"]
    if not (before["provoked"] and before["a_flying"] and not before["d_flying"] and not before["d_reach"] and after["blocks_a"]):
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-provoke-not-over-flying", "Provoke's requirement doesn't override a restriction: a provoked creature can't block a flyer",
        ["provoke.a", "provoke.q4", "cr.current.flying"],
        {"seed": "004_1ed1565688c40336.txt", "line": 85, "ruling": "provoke.q4",
         "quote": "Provoke only makes the creature block if it's able to. If your creature can fly over it, it can't block, and so doesn't."},
        ["pre-2013", "2026-08-07"], ["provoke", "combat", "flying", "triggered-ability"], ["Grizzly Bears", "Swooping Talon"],
        "mtgrules.proofs.blocking.scenario_of from Z3's counterexample to the broken variant requirements-over-restrictions: " + "; ".join(situation["broken"]),
        {"alice": {"battlefield": [{"card": "Swooping Talon", "as": "talon"}]}, "bob": {"life": 20, "battlefield": [{"card": "Grizzly Bears", "as": "bears"}]}},
        [{"declare_attackers": {"talon": "bob"}, "by": "alice", "choices": {"targets": ["bears"]}}, {"resolve": "all", "choices": {"may": True}},
         {"declare_blockers": {"bears": "talon"}, "by": "bob", "expect": "illegal"}, {"declare_blockers": {}, "by": "bob"}, {"advance_to": "end-of-combat"}],
        [{"object": "bears", "blocking": False}, {"player": "bob", "life": 18}])


VARIANTS = (Variant("requirements-over-restrictions", "provoke.q3", "provoke.q3", lambda: blocking_obligation("requirements-over-restrictions")),
            Variant("requirements-over-restrictions (playable)", "provoke.q4", "provoke.q4", lambda: blocking_obligation("requirements-over-restrictions", playable=True),
                    "proof-provoke-not-over-flying", scenario_of))
OBLIGATIONS = [blocking_obligation(variants=VARIANTS, size_bound=2, bound_reason=(
    "provoke's requirement and fear's restriction are about one attacker and one blocker; the second attacker is the "
    "other block the blocker could make instead; more creatures are not modelled"))]
