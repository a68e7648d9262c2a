"""Morph and face-down objects (702.35 as printed, 702.37 today; 707 face-down objects).

State: the card's zone; whether it is face down; its characteristics as an engine shows them
(name, mana cost, colors, power, toughness, converted mana cost; name 0 = no name, mana cost 0 =
no mana cost, colors 0 = colorless); its object identity and +1/+1 counters. The card's own
characteristics and whether it has morph are fixed symbols: the proof holds for every card.

Events: casting it face down with morph (paying {3}); casting it face up; it resolving; turning
it face up (the special action, or an effect); putting a counter on it; it being countered; it
changing zones (exiled, returned to hand ...); an exiled card returning to the battlefield.
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import BATTLEFIELD, EXILE, GRAVEYARD, HAND, STACK, ZONES, Field, System, zone_field

CHAR_NAMES = ("name", "mana_cost", "colors", "power", "toughness", "cmc")
FACE_DOWN_VALUES = {"name": 0, "mana_cost": 0, "colors": 0, "power": 2, "toughness": 2, "cmc": 0}
EVENTS = {0: "cast it face down using morph", 1: "cast it face up", 2: "it resolves", 3: "turn it face up",
          4: "put a +1/+1 counter on it", 5: "it is countered", 6: "it changes zones", 7: "it returns to the battlefield"}
CAST_FD, CAST, RESOLVE, TURN_UP, COUNTER_ON, COUNTERED, MOVE, RETURN = range(8)


class FaceDown(System):
    event_names = EVENTS
    moves = (MOVE,)
    name = "face-down"
    rules = ("morph.a", "morph.b", "morph.c", "morph.d", "morph.q2", "morph.q3", "morph.q5", "morph.q14")

    def __init__(self, broken: str | None = None, playable: bool = False):
        """``playable``: only the situation a corpus scenario plays (see :meth:`scope`)."""
        self.broken, self.playable = broken, playable
        self.fields = [zone_field("zone"), Field("face_down", "bool"), *[Field(c, "int", 0) for c in CHAR_NAMES], Field("id", "int", 0),
                       Field("next_id", "int", 0), Field("counters", "int", 0), Field("has_morph", "bool"),
                       *[Field(f"card_{c}", "int", 0) for c in CHAR_NAMES]]
        self.event_fields = [Field("event", "int", 0, 7, EVENTS), zone_field("to")]

    def well_formed(self, s):
        return [s["id"] < s["next_id"], s["card_name"] >= 1]  # every card has a name

    def scope(self, s, e):
        """A face-down creature with morph and a +1/+1 counter, turned face up (Akroma, Angel of Fury)."""
        if not self.playable:
            return []
        return [s["zone"] == BATTLEFIELD, s["face_down"], s["has_morph"], s["counters"] == 1, e["event"] == TURN_UP]

    def init(self, s):
        return z3.And(s["zone"] == HAND, z3.Not(s["face_down"]), *[s[c] == s[f"card_{c}"] for c in CHAR_NAMES], s["counters"] == 0)

    def trans(self, s, t, e):
        ev = e["event"]
        keep = lambda *names: z3.And(*[t[n] == s[n] for n in names])
        card = keep("has_morph", *[f"card_{c}" for c in CHAR_NAMES])
        own = z3.And(z3.Not(t["face_down"]), *[t[c] == s[f"card_{c}"] for c in CHAR_NAMES])
        fd_values = z3.And(t["face_down"], *[t[c] == v for c, v in FACE_DOWN_VALUES.items()])
        chars = ("face_down", *CHAR_NAMES)
        new_object = z3.And(t["id"] == s["next_id"], t["next_id"] == s["next_id"] + 1, t["counters"] == 0)
        same_object = keep("id", "next_id", "counters")
        # morph.a/b/c: only a card with morph is cast face down: a 2/2 with no name, no mana cost, no color
        cast_fd = z3.And(s["zone"] == HAND, s["has_morph"], t["zone"] == STACK, fd_values, new_object)
        cast = z3.And(s["zone"] == HAND, t["zone"] == STACK, own, new_object)
        # morph.b: it enters the battlefield with the same characteristics the spell had
        resolve = z3.And(s["zone"] == STACK, t["zone"] == BATTLEFIELD, keep(*chars), same_object)
        # morph.d: the morph effect ends and it regains its normal characteristics; it has already entered
        if self.broken == "turning-face-up-makes-a-new-object":
            up_obj = new_object
        else:
            up_obj = same_object
        turn_up = z3.And(s["zone"] == BATTLEFIELD, s["face_down"], t["zone"] == BATTLEFIELD, own, up_obj)
        counter_on = z3.And(s["zone"] == BATTLEFIELD, keep("zone", *chars, "id", "next_id"), t["counters"] == s["counters"] + 1)
        # a face-down spell that is countered is revealed and put into the graveyard face up
        countered = z3.And(s["zone"] == STACK, t["zone"] == GRAVEYARD, own, new_object)
        # morph.q14: it "forgets" it was face down when it changes zones
        move = z3.And(e["to"] != s["zone"], e["to"] != STACK, e["to"] != BATTLEFIELD, t["zone"] == e["to"], own, new_object)
        ret = z3.And(s["zone"] == EXILE, t["zone"] == BATTLEFIELD, own, new_object)
        return z3.And(card, z3.Or(z3.And(ev == CAST_FD, cast_fd), z3.And(ev == CAST, cast), z3.And(ev == RESOLVE, resolve), z3.And(ev == TURN_UP, turn_up),
                                  z3.And(ev == COUNTER_ON, counter_on), z3.And(ev == COUNTERED, countered), z3.And(ev == MOVE, move), z3.And(ev == RETURN, ret)))

    def invariant(self, s):
        return [
            ("morph.b/morph.q2: a face-down object is a 2/2 with no name, no mana cost (converted mana cost 0) and no color",
             z3.Implies(s["face_down"], z3.And(*[s[c] == v for c, v in FACE_DOWN_VALUES.items()]))),
            ("morph.q14: an object is face down only on the stack or the battlefield; elsewhere it is face up",
             z3.Implies(s["face_down"], z3.Or(s["zone"] == STACK, s["zone"] == BATTLEFIELD))),
            ("morph.d: a face-up object has its normal characteristics",
             z3.Implies(z3.Not(s["face_down"]), z3.And(*[s[c] == s[f"card_{c}"] for c in CHAR_NAMES]))),
            ("morph.c: you can't cast a card face down if it doesn't have morph", z3.Implies(s["face_down"], s["has_morph"])),
        ]

    def step_properties(self, s, t, e):
        turned = z3.And(e["event"] == TURN_UP, s["face_down"], s["zone"] == BATTLEFIELD)
        return [("morph.d/morph.q3/morph.q5: turning it face up doesn't make a new object: it stays on the battlefield with its counters",
                 z3.Implies(turned, z3.And(t["id"] == s["id"], t["counters"] == s["counters"], t["zone"] == BATTLEFIELD)))]

    def render_state(self, v):
        return {"zone": ZONES.get(v["zone"]), "face down": v["face_down"], "characteristics": {c: v[c] for c in CHAR_NAMES},
                "card": {c: v[f"card_{c}"] for c in CHAR_NAMES}, "has morph": v["has_morph"], "object": v["id"], "counters": v["counters"]}



def face_down_obligation(broken: str | None = None, playable: bool = False, **reach):
    return FaceDown(broken, playable).induction_obligation(
        "morph.face-down" + ("[playable]" if playable else ""),
        "A face-down object is a 2/2 with no name, no mana cost and no color; it is face down only on the stack or the "
        "battlefield; turning it face up restores its normal characteristics and does not make a new object.",
        "every card (any characteristics, with or without morph), every sequence of events of any length (induction)",
        tags=("morph", "face-down", "702.35", "702.37"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The playable counterexample (a face-down creature with a +1/+1 counter turned face up) as a
    corpus scenario: face-down Akroma, Angel of Fury (6/6) with a counter, turned face up for its
    morph cost. The expectation is the rule's (morph.q3): the same creature, its counter kept."""
    situation = counterexample["situation"]
    before = situation["before"]
    if situation["events"][0]["event"] != "turn it face up" or not before["face down"] or before["counters"] != 1:
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-morph-face-up-same-object", "A creature turned face up is the same object: it keeps its +1/+1 counter",
        ["morph.d", "morph.q3"],
        {"seed": "004_1ed1565688c40336.txt", "line": 38, "ruling": "morph.q3", "quote": "It's still the same creature it was before; it's just changed a bit."},
        ["pre-2013", "2026-08-07"], ["morph", "face-down", "counters", "special-action"], ["Akroma, Angel of Fury", "Mountain"],
        "mtgrules.proofs.face_down.scenario_of from Z3's counterexample to the broken variant turning-face-up-makes-a-new-object: " + "; ".join(situation["broken"]),
        {"alice": {"battlefield": [{"card": "Akroma, Angel of Fury", "as": "akroma", "face_down": True, "face_down_by": "morph", "counters": {"+1/+1": 1}}, "Mountain x6"]},
         "bob": {}},
        [{"turn_face_up": "akroma", "by": "alice", "using": "morph"}],
        [{"object": "akroma", "face_down": False, "counters": {"+1/+1": 1}, "power": 7, "toughness": 7, "same_object": True}])


VARIANTS = (Variant("turning-face-up-makes-a-new-object", "morph.q3", "morph.d/morph.q3/morph.q5", lambda: face_down_obligation("turning-face-up-makes-a-new-object")),
            Variant("turning-face-up-makes-a-new-object (playable)", "morph.q3", "morph.d/morph.q3/morph.q5",
                    lambda: face_down_obligation("turning-face-up-makes-a-new-object", playable=True), "proof-morph-face-up-same-object", scenario_of))
OBLIGATIONS = [face_down_obligation(variants=VARIANTS)]
