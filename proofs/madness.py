"""Madness (702.33 as printed, 702.35 today) as a transition system.

State: the card's zone; whether it was exiled by its madness ability ("exiled this way") and its
madness trigger is waiting; how the object on the stack was cast. Events: it is discarded (for
any reason, as a cost too: madness.q6), its owner choosing whether to exile it instead of putting
it into the graveyard (the first ability, optional in the printed rule); the madness trigger
resolves, its owner casting it for its madness cost or putting it into the graveyard; another
effect moves it; casting it from the hand normally.
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import EXILE, GRAVEYARD, HAND, LIBRARY, STACK, Field, System, zone_field

EVENTS = {0: "it is discarded, its owner exiling it with madness", 1: "it is discarded into the graveyard",
          2: "the madness trigger resolves: cast it for its madness cost", 3: "the madness trigger resolves: don't cast it",
          4: "an effect moves it", 5: "cast it from the hand", 6: "it leaves the stack"}
DISCARD_MADNESS, DISCARD, TRIGGER_CAST, TRIGGER_DECLINE, MOVE, CAST, LEAVE_STACK = range(7)


class Madness(System):
    name = "madness"
    event_names = EVENTS
    moves = (MOVE, LEAVE_STACK)
    rules = ("madness.a", "madness.q1", "madness.q3", "madness.q6", "madness.q8")

    def __init__(self, broken: str | None = None):
        self.broken = broken
        self.fields = [zone_field("zone"), Field("trigger_waiting", "bool"), Field("cast_with_madness", "bool")]
        self.event_fields = [Field("event", "int", 0, 6, EVENTS), zone_field("to")]

    def init(self, s):
        return z3.And(s["zone"] == LIBRARY, z3.Not(s["trigger_waiting"]), z3.Not(s["cast_with_madness"]))

    def trans(self, s, t, e):
        ev = e["event"]
        idle = z3.And(z3.Not(t["trigger_waiting"]), z3.Not(t["cast_with_madness"]))
        # madness.a: "If a player would discard this card, that player discards it, but may exile
        # it instead of putting it into his or her graveyard" and "When this card is exiled this way ..."
        discard_madness = z3.And(s["zone"] == HAND, t["zone"] == EXILE, t["trigger_waiting"], z3.Not(t["cast_with_madness"]))
        discard = z3.And(s["zone"] == HAND, t["zone"] == GRAVEYARD, idle)
        # "... its owner may cast it by paying [cost] rather than paying its mana cost. If that
        # player doesn't, he or she puts this card into his or her graveyard."
        if self.broken == "cast-from-exile-any-time":
            cast_ok = s["zone"] == EXILE
        else:
            cast_ok = z3.And(s["zone"] == EXILE, s["trigger_waiting"])
        trigger_cast = z3.And(cast_ok, t["zone"] == STACK, z3.Not(t["trigger_waiting"]), t["cast_with_madness"])
        decline = z3.And(s["trigger_waiting"], s["zone"] == EXILE, t["zone"] == GRAVEYARD, idle)
        # another effect moves the card: a new object (400.7), its trigger can no longer find it
        move = z3.And(s["zone"] != STACK, e["to"] != STACK, e["to"] != s["zone"], t["zone"] == e["to"], idle)
        cast = z3.And(s["zone"] == HAND, t["zone"] == STACK, idle)
        leave = z3.And(s["zone"] == STACK, e["to"] != STACK, t["zone"] == e["to"], idle)
        return z3.Or(z3.And(ev == DISCARD_MADNESS, discard_madness), z3.And(ev == DISCARD, discard), z3.And(ev == TRIGGER_CAST, trigger_cast),
                     z3.And(ev == TRIGGER_DECLINE, decline), z3.And(ev == MOVE, move), z3.And(ev == CAST, cast), z3.And(ev == LEAVE_STACK, leave))

    def invariant(self, s):
        return [
            ("madness.a: the madness trigger waits only for a card exiled this way, still in exile",
             z3.Implies(s["trigger_waiting"], s["zone"] == EXILE)),
            ("madness.a: a spell cast with madness is on the stack", z3.Implies(s["cast_with_madness"], s["zone"] == STACK)),
        ]

    def step_properties(self, s, t, e):
        ev = e["event"]
        return [
            ("madness.q3: it can be cast for its madness cost only as the trigger of the discard that exiled it resolves",
             z3.Implies(z3.And(t["cast_with_madness"], z3.Not(s["cast_with_madness"])), z3.And(s["trigger_waiting"], s["zone"] == EXILE))),
            ("madness.q8: a card discarded with madness doesn't go to the graveyard before its owner decides to cast it",
             z3.Implies(ev == DISCARD_MADNESS, t["zone"] != GRAVEYARD)),
            ("madness.a: if its owner doesn't cast it, it is put into the graveyard",
             z3.Implies(z3.And(ev == TRIGGER_DECLINE), t["zone"] == GRAVEYARD)),
        ]


def madness_obligation(broken: str | None = None, **reach):
    return Madness(broken).induction_obligation(
        "madness.discard-exile-cast",
        "If a player would discard a card with madness, that player may exile it instead of putting it into the graveyard; "
        "when it is exiled this way, its owner may cast it for its madness cost, or else puts it into the graveyard: it can't "
        "be cast with madness later, and it doesn't reach the graveyard first.",
        "every sequence of events of any length (induction)",
        tags=("madness", "702.33", "702.35"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The counterexample (a card in exile with no madness trigger waiting, cast for its madness
    cost) as a corpus scenario: Arrogant Wurm starts in exile; casting it from there for its
    madness cost is refused (madness.a, madness.q3: only as its own madness trigger resolves)."""
    situation = counterexample["situation"]
    before = situation["before"]
    if before["zone"] != "exile" or before["trigger_waiting"] or situation["events"][0]["event"] != EVENTS[TRIGGER_CAST]:
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-madness-not-from-exile-later", "A madness card in exile without its madness trigger can't be cast for its madness cost",
        ["madness.a", "madness.q3"],
        {"seed": "004_1ed1565688c40336.txt", "line": 17, "ruling": "madness.q3",
         "quote": "Once you've decided not to, you can't \"back up\" later and cast it."},
        ["pre-2013", "2026-08-07"], ["madness"], ["Arrogant Wurm", "Forest"],
        "mtgrules.proofs.madness.scenario_of from Z3's counterexample to the broken variant cast-from-exile-any-time: "
        "in exile, no madness trigger waiting, cast for its madness cost",
        {"alice": {"exile": [{"card": "Arrogant Wurm", "as": "wurm"}], "battlefield": ["Forest x3"]}, "bob": {}},
        [{"cast": "wurm", "by": "alice", "from": "exile", "alt_cost": "madness", "expect": "illegal"}],
        [{"object": "wurm", "zone": "exile"}])


VARIANTS = (Variant("cast-from-exile-any-time", "madness.q3", "madness.q3", lambda: madness_obligation("cast-from-exile-any-time"),
                    "proof-madness-not-from-exile-later", scenario_of),)
OBLIGATIONS = [madness_obligation(variants=VARIANTS)]
