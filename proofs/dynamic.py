"""The custom "Dynamic Cards" rules (DYN) as a transition system.

State: the card's zone; which half is represented (none: both; the permanent half; the
nonpermanent half); face-down status; its characteristics and converted mana cost as an engine
shows them. The card's data (each half's converted mana cost) are fixed symbols.

Events: casting it choosing a half (DYN.3); it resolving (DYN.5; the example card's rulings); it
leaving the stack otherwise (countered); an effect putting it onto the battlefield (DYN.5a); it
being manifested (DYN.5c) and turned face up (DYN.5b); it changing zones otherwise.
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import BATTLEFIELD, GRAVEYARD, LIBRARY, STACK, ZONES, Field, System, zone_field

FACE_DOWN, PERMANENT_HALF, NONPERMANENT_HALF, COMBINED = range(4)
CHARS = {FACE_DOWN: "face-down 2/2", PERMANENT_HALF: "permanent half only", NONPERMANENT_HALF: "nonpermanent half only", COMBINED: "both halves combined"}
HALVES = {0: "none (both)", 1: "permanent half", 2: "nonpermanent half"}
EVENTS = {0: "cast it as the permanent half", 1: "cast it as the nonpermanent half", 2: "it resolves", 3: "it is countered",
          4: "an effect puts it onto the battlefield", 5: "it is manifested", 6: "it is turned face up", 7: "it changes zones"}
CAST_PERM, CAST_NON, RESOLVE, COUNTER, PUT, MANIFEST, TURN_UP, MOVE = range(8)


class Dynamic(System):
    event_names = EVENTS
    moves = (MOVE,)
    name = "dynamic"
    rules = ("dyn.3", "dyn.3a", "dyn.3b", "dyn.4", "dyn.4b", "dyn.5", "dyn.5a", "dyn.5b", "dyn.example.r1", "dyn.example.r2", "dyn.example.r3", "dyn.example.r4")

    def __init__(self, broken: str | None = None):
        self.broken = broken
        self.fields = [zone_field("zone"), Field("half", "int", 0, 2, HALVES), Field("face_down", "bool"), Field("chars", "int", 0, 3, CHARS),
                       Field("cmc", "int", 0), Field("perm_cmc", "int", 0), Field("non_cmc", "int", 0)]
        self.event_fields = [Field("event", "int", 0, 7, EVENTS), zone_field("to")]

    def init(self, s):
        return z3.And(s["zone"] == LIBRARY, s["half"] == 0, z3.Not(s["face_down"]), s["chars"] == COMBINED, s["cmc"] == s["perm_cmc"] + s["non_cmc"])

    def trans(self, s, t, e):
        ev = e["event"]
        outside = z3.And(s["zone"] != STACK, s["zone"] != BATTLEFIELD)
        combined = z3.And(t["half"] == 0, z3.Not(t["face_down"]), t["chars"] == COMBINED, t["cmc"] == s["perm_cmc"] + s["non_cmc"])
        as_perm = z3.And(t["half"] == 1, z3.Not(t["face_down"]), t["chars"] == PERMANENT_HALF, t["cmc"] == s["perm_cmc"])
        # DYN.3: the player chooses the half before putting it onto the stack; DYN.3b: only that half's characteristics
        cast_perm = z3.And(outside, t["zone"] == STACK, as_perm)
        cast_non = z3.And(outside, t["zone"] == STACK, t["half"] == 2, z3.Not(t["face_down"]), t["chars"] == NONPERMANENT_HALF, t["cmc"] == s["non_cmc"])
        # DYN.5: a permanent spell is put onto the battlefield (keeping its half); the
        # nonpermanent half goes to its owner's graveyard (example ruling 3), a new object there
        if self.broken == "nonpermanent-half-enters":
            resolve = z3.And(s["zone"] == STACK, t["zone"] == BATTLEFIELD, t["half"] == s["half"], t["face_down"] == s["face_down"], t["chars"] == s["chars"], t["cmc"] == s["cmc"])
        else:
            resolve = z3.And(s["zone"] == STACK, z3.If(s["half"] == 1,
                             z3.And(t["zone"] == BATTLEFIELD, t["half"] == s["half"], t["face_down"] == s["face_down"], t["chars"] == s["chars"], t["cmc"] == s["cmc"]),
                             z3.And(t["zone"] == GRAVEYARD, combined)))
        counter = z3.And(s["zone"] == STACK, t["zone"] == GRAVEYARD, combined)
        # DYN.5a: put onto the battlefield by an effect, it enters as the permanent half
        put = z3.And(outside, t["zone"] == BATTLEFIELD, as_perm)
        # manifested: a face-down 2/2 from the top of the library (701.40)
        manifest = z3.And(s["zone"] == LIBRARY, t["zone"] == BATTLEFIELD, t["half"] == 0, t["face_down"], t["chars"] == FACE_DOWN, t["cmc"] == 0)
        # DYN.5b: turned face up, it becomes the permanent half
        turn_up = z3.And(s["zone"] == BATTLEFIELD, s["face_down"], t["zone"] == BATTLEFIELD, as_perm)
        move = z3.And(e["to"] != s["zone"], e["to"] != STACK, e["to"] != BATTLEFIELD, t["zone"] == e["to"], combined)
        return z3.And(t["perm_cmc"] == s["perm_cmc"], t["non_cmc"] == s["non_cmc"], z3.Or(
            z3.And(ev == CAST_PERM, cast_perm), z3.And(ev == CAST_NON, cast_non), z3.And(ev == RESOLVE, resolve), z3.And(ev == COUNTER, counter),
            z3.And(ev == PUT, put), z3.And(ev == MANIFEST, manifest), z3.And(ev == TURN_UP, turn_up), z3.And(ev == MOVE, move)))

    def invariant(self, s):
        elsewhere = z3.And(s["zone"] != STACK, s["zone"] != BATTLEFIELD)
        return [
            ("DYN.4: in every zone except the stack and the battlefield, its characteristics are those of its two halves combined",
             z3.Implies(elsewhere, s["chars"] == COMBINED)),
            ("DYN.4b: its converted mana cost is determined from its combined mana cost",
             z3.Implies(elsewhere, s["cmc"] == s["perm_cmc"] + s["non_cmc"])),
            ("DYN.3b: while on the stack, only the characteristics of the half being cast exist",
             z3.Implies(s["zone"] == STACK, z3.And(s["half"] != 0, s["chars"] == z3.If(s["half"] == 1, PERMANENT_HALF, NONPERMANENT_HALF),
                                                   s["cmc"] == z3.If(s["half"] == 1, s["perm_cmc"], s["non_cmc"])))),
            ("DYN.5/DYN.5a/DYN.5b: face up on the battlefield it has only the permanent half's characteristics",
             z3.Implies(z3.And(s["zone"] == BATTLEFIELD, z3.Not(s["face_down"])), z3.And(s["chars"] == PERMANENT_HALF, s["cmc"] == s["perm_cmc"]))),
            ("701.40: a manifested dynamic card is a face-down 2/2 on the battlefield",
             z3.Implies(s["face_down"], z3.And(s["zone"] == BATTLEFIELD, s["chars"] == FACE_DOWN))),
        ]

    def step_properties(self, s, t, e):
        return [("dyn.example.r3: cast as the nonpermanent half, it is put into its owner's graveyard as it resolves, not onto the battlefield",
                 z3.Implies(z3.And(e["event"] == RESOLVE, s["zone"] == STACK, s["half"] == 2), t["zone"] == GRAVEYARD))]

    def render_state(self, v):
        return {"zone": ZONES.get(v["zone"]), "half": HALVES.get(v["half"]), "face down": v["face_down"], "characteristics": CHARS.get(v["chars"]),
                "converted mana cost": v["cmc"], "halves' converted mana costs": [v["perm_cmc"], v["non_cmc"]]}



def dynamic_obligation(broken: str | None = None, **reach):
    return Dynamic(broken).induction_obligation(
        "dyn.characteristics",
        "Outside the stack and the battlefield a dynamic card has both halves' characteristics combined (converted mana "
        "cost from the combined cost); on the stack only the chosen half's; on the battlefield face up only the permanent "
        "half's; cast as the nonpermanent half it goes to the graveyard, never onto the battlefield.",
        "every dynamic card (any converted mana costs), every sequence of events of any length (induction)",
        tags=("dynamic", "dyn"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The counterexample (cast as its nonpermanent half, it resolves onto the battlefield) as a
    corpus scenario: Divine Skywarden // Purewind Blessings cast as Purewind Blessings. The
    expectation is the rule's (dyn.example.r3): it goes to the graveyard, never to the battlefield."""
    situation = counterexample["situation"]
    if (situation["before"]["zone"], situation["before"]["half"], situation["events"][0]["event"]) != ("stack", "nonpermanent half", "it resolves"):
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-dyn-nonpermanent-half-to-graveyard", "A dynamic card cast as its nonpermanent half goes to the graveyard as it resolves, not onto the battlefield",
        ["dyn.5", "dyn.example.r3"],
        {"seed": "000_4e7931dbdbc24824.txt", "line": 40, "ruling": "dyn.example.r3",
         "quote": "If DS/PB is cast as the Purewind Blessings side, it will resolve and be put into it's owner's graveyard after it is finished resolving. "
                  "(it will not enter the battlefield)"},
        ["dyn"], ["dynamic", "scry"], ["Divine Skywarden // Purewind Blessings", "Grizzly Bears", "Island", "Plains"],
        "mtgrules.proofs.dynamic.scenario_of from Z3's counterexample to the broken variant nonpermanent-half-enters: " + "; ".join(situation["broken"]),
        {"alice": {"hand": ["Divine Skywarden // Purewind Blessings"], "battlefield": ["Plains", "Island x2"],
                   "library": ["Grizzly Bears", {"card": "Island", "as": "i1"}, {"card": "Island", "as": "i2"}]}, "bob": {}},
        [{"cast": "Purewind Blessings", "by": "alice", "half": "Purewind Blessings"}, {"resolve": "all", "choices": {"scry": {"top": ["Grizzly Bears", "i1", "i2"]}}}],
        [{"object": "Purewind Blessings", "zone": "graveyard"},
         {"no_event": {"kind": "zone_change", "object": "Purewind Blessings", "to": "battlefield"}},
         {"event": {"kind": "zone_change", "object": "Purewind Blessings", "from": "stack", "to": "graveyard"}}])


VARIANTS = (Variant("nonpermanent-half-enters", "dyn.example.r3", "dyn.example.r3", lambda: dynamic_obligation("nonpermanent-half-enters"),
                    "proof-dyn-nonpermanent-half-to-graveyard", scenario_of),)
OBLIGATIONS = [dynamic_obligation(variants=VARIANTS)]
