"""Rule 711, double-faced cards, as of 8 April 2016, as a transition system.

State: the card's zone; whether it is a double-faced card; which face is up; whether it is face
down; its characteristics (FRONT, BACK, or FACE_DOWN) and converted mana cost as an engine shows
them; its object identity; whether an effect ("+2/+2 until end of turn") applies to it. The
card's data (its front face's converted mana cost, whether either face is an instant or sorcery)
are fixed symbols: the proof holds for every card.

Events: casting it (face up, 711.7, or face down, 711.9); it resolving; an effect putting it onto
the battlefield, possibly "transformed" (711.8, 711.8a); transforming it (701.25, 711.5, 711.6,
711.9a); an effect turning it face down (711.10) or face up (711.9a); an effect starting to apply
to it; it changing zones (a new object, 400.7).
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import BATTLEFIELD, LIBRARY, STACK, ZONES, Field, System, zone_field

FACE_DOWN, FRONT, BACK = 0, 1, 2
CHARS = {FACE_DOWN: "face-down 2/2", FRONT: "front face", BACK: "back face"}
EVENTS = {0: "cast it face up", 1: "cast it face down", 2: "it resolves", 3: "an effect puts it onto the battlefield",
          4: "an effect puts it onto the battlefield transformed", 5: "transform it", 6: "an effect turns it face down",
          7: "an effect turns it face up", 8: "an effect starts to apply to it", 9: "it changes zones"}
(CAST, CAST_FD, RESOLVE, PUT, PUT_TRANSFORMED, TRANSFORM, TURN_DOWN, TURN_UP, EFFECT, ZONE_CHANGE) = range(10)


class DoubleFaced2016(System):
    event_names = EVENTS
    moves = (ZONE_CHANGE,)
    name = "double-faced-2016"
    rules = ("dfc-2016.4", "dfc-2016.4a", "dfc-2016.4b", "dfc-2016.5", "dfc-2016.6", "dfc-2016.7", "dfc-2016.8", "dfc-2016.8a",
             "dfc-2016.9", "dfc-2016.9a", "dfc-2016.10", "dfc-2016.12")

    def __init__(self, broken: str | None = None, playable: bool = False):
        """``playable``: only the situation a corpus scenario plays (see :meth:`scope`)."""
        self.broken, self.playable = broken, playable
        self.fields = [zone_field("zone"), Field("dfc", "bool"), Field("back_up", "bool"), Field("face_down", "bool"),
                       Field("chars", "int", 0, 2, CHARS), Field("cmc", "int", 0), Field("id", "int", 0), Field("next_id", "int", 0),
                       Field("affected", "bool"),
                       # the card (constant): front face's converted mana cost; instant or sorcery faces
                       Field("front_cmc", "int", 0), Field("back_cmc", "int", 0), Field("front_instant", "bool"), Field("back_instant", "bool")]
        self.event_fields = [Field("event", "int", 0, 9, EVENTS), zone_field("to")]

    def well_formed(self, s):
        return [s["id"] < s["next_id"]]

    def scope(self, s, e):
        """A face-up double-faced permanent, front face up, a creature face (not an instant or
        sorcery) behind it, an effect applying to it, transforming (Giant Growth, then Moonmist)."""
        if not self.playable:
            return []
        return [s["zone"] == BATTLEFIELD, s["dfc"], z3.Not(s["back_up"]), z3.Not(s["face_down"]), s["affected"], z3.Not(s["back_instant"]),
                e["event"] == TRANSFORM]

    def init(self, s):
        return z3.And(s["zone"] == LIBRARY, z3.Not(s["back_up"]), z3.Not(s["face_down"]), s["chars"] == FRONT, s["cmc"] == s["front_cmc"], z3.Not(s["affected"]))

    def trans(self, s, t, e):
        ev = e["event"]
        card = ("dfc", "front_cmc", "back_cmc", "front_instant", "back_instant")
        keep = lambda *names: z3.And(*[t[n] == s[n] for n in names])
        new_object = z3.And(t["id"] == s["next_id"], t["next_id"] == s["next_id"] + 1, z3.Not(t["affected"]))
        same_object = keep("id", "next_id", "affected")
        face_up_front = z3.And(z3.Not(t["back_up"]), z3.Not(t["face_down"]), t["chars"] == FRONT, t["cmc"] == s["front_cmc"])
        outside = z3.And(s["zone"] != STACK, s["zone"] != BATTLEFIELD)
        # 711.7: a double-faced card cast as a spell is put on the stack with its front face up
        cast = z3.And(outside, t["zone"] == STACK, face_up_front, new_object)
        # 711.9: cast as a face-down creature spell: the characteristics of the face-down rules
        cast_fd = z3.And(outside, t["zone"] == STACK, z3.Not(t["back_up"]), t["face_down"], t["chars"] == FACE_DOWN, t["cmc"] == 0, new_object)
        resolve = z3.And(s["zone"] == STACK, t["zone"] == BATTLEFIELD, keep("back_up", "face_down", "chars", "cmc"), same_object)
        # 711.8: enters with its front face up by default
        put = z3.And(outside, t["zone"] == BATTLEFIELD, face_up_front, new_object)
        # 711.8: "transformed": back face up; 711.8a: a card that isn't double-faced stays where it is
        if self.broken == "non-dfc-enters-transformed":
            put_tr = z3.And(outside, t["zone"] == BATTLEFIELD, t["back_up"], z3.Not(t["face_down"]), t["chars"] == BACK, t["cmc"] == s["front_cmc"], new_object)
        else:
            put_tr = z3.If(s["dfc"], z3.And(outside, t["zone"] == BATTLEFIELD, t["back_up"], z3.Not(t["face_down"]), t["chars"] == BACK, t["cmc"] == s["front_cmc"], new_object),
                           z3.And(outside, keep("zone", "back_up", "face_down", "chars", "cmc"), same_object))
        # 701.25 transform: turn the permanent over; 711.5 only double-faced permanents, 711.9a not
        # while face down, 711.6 not into an instant or sorcery face: otherwise nothing happens.
        # The converted mana cost is left as it is (711.4b).
        into_instant = z3.If(s["back_up"], s["front_instant"], s["back_instant"])
        can = z3.And(s["zone"] == BATTLEFIELD, s["dfc"], z3.Not(s["face_down"]), z3.Not(into_instant))
        if self.broken == "transform-is-a-new-object":
            obj = new_object
        else:
            obj = same_object
        transform = z3.If(can, z3.And(keep("zone", "face_down", "cmc"), t["back_up"] == z3.Not(s["back_up"]), t["chars"] == z3.If(s["back_up"], FRONT, BACK), obj),
                          z3.And(keep("zone", "back_up", "face_down", "chars", "cmc"), same_object))
        # 711.10: double-faced permanents can't be turned face down
        down_ok = z3.And(s["zone"] == BATTLEFIELD, z3.Not(s["dfc"]), z3.Not(s["face_down"]))
        turn_down = z3.If(down_ok, z3.And(keep("zone", "back_up"), t["face_down"], t["chars"] == FACE_DOWN, t["cmc"] == 0, same_object),
                          z3.And(keep("zone", "back_up", "face_down", "chars", "cmc"), same_object))
        # 711.9a: turned face up, it has its front face up
        up_ok = z3.And(s["zone"] == BATTLEFIELD, s["face_down"])
        turn_up = z3.If(up_ok, z3.And(keep("zone"), face_up_front, same_object), z3.And(keep("zone", "back_up", "face_down", "chars", "cmc"), same_object))
        effect = z3.And(s["zone"] == BATTLEFIELD, keep("zone", "back_up", "face_down", "chars", "cmc", "id", "next_id"), t["affected"])
        # 400.7: a new object in its new zone, with its front face up (face-down cards are turned
        # face up as they leave the battlefield or stack)
        move = z3.And(e["to"] != s["zone"], e["to"] != STACK, e["to"] != BATTLEFIELD, t["zone"] == e["to"], face_up_front, new_object)
        return z3.And(keep(*card), z3.Or(
            z3.And(ev == CAST, cast), z3.And(ev == CAST_FD, cast_fd), z3.And(ev == RESOLVE, resolve), z3.And(ev == PUT, put),
            z3.And(ev == PUT_TRANSFORMED, put_tr), z3.And(ev == TRANSFORM, transform), z3.And(ev == TURN_DOWN, turn_down),
            z3.And(ev == TURN_UP, turn_up), z3.And(ev == EFFECT, effect), z3.And(ev == ZONE_CHANGE, move)))

    def invariant(self, s):
        face_up = z3.Not(s["face_down"])
        return [
            ("711.4a: outside the battlefield, or on it with its front face up, it has only the characteristics of its front face",
             z3.Implies(z3.And(face_up, z3.Or(s["zone"] != BATTLEFIELD, z3.Not(s["back_up"]))), s["chars"] == FRONT)),
            ("711.4b: while a double-faced permanent's back face is up it has only the characteristics of its back face",
             z3.Implies(z3.And(face_up, s["zone"] == BATTLEFIELD, s["back_up"]), s["chars"] == BACK)),
            ("711.4b: its converted mana cost is calculated using the mana cost of its front face",
             z3.Implies(face_up, s["cmc"] == s["front_cmc"])),
            ("711.5: only permanents represented by double-faced cards can transform (nothing else ever has a back face up)",
             z3.Implies(s["back_up"], z3.And(s["dfc"], s["zone"] == BATTLEFIELD))),
            ("711.7: cast as a spell, it is on the stack with its front face up", z3.Implies(s["zone"] == STACK, z3.Not(s["back_up"]))),
            ("707: a face-down object has the face-down characteristics and converted mana cost 0",
             z3.Implies(s["face_down"], z3.And(s["chars"] == FACE_DOWN, s["cmc"] == 0, z3.Or(s["zone"] == STACK, s["zone"] == BATTLEFIELD)))),
        ]

    def step_properties(self, s, t, e):
        ev = e["event"]
        return [
            ("711.12: when a double-faced permanent transforms it doesn't become a new object; effects that applied to it continue to apply",
             z3.Implies(ev == TRANSFORM, z3.And(t["id"] == s["id"], t["affected"] == s["affected"]))),
            ("711.6: instructed to transform into an instant or sorcery face, nothing happens",
             z3.Implies(z3.And(ev == TRANSFORM, z3.If(s["back_up"], s["front_instant"], s["back_instant"])), z3.And(t["back_up"] == s["back_up"], t["chars"] == s["chars"]))),
            ("711.8a: a card that isn't double-faced put onto the battlefield transformed stays in its current zone",
             z3.Implies(z3.And(ev == PUT_TRANSFORMED, z3.Not(s["dfc"])), t["zone"] == s["zone"])),
            ("711.9a: while face down it can't transform; turned face up, it has its front face up",
             z3.And(z3.Implies(z3.And(ev == TRANSFORM, s["face_down"]), t["back_up"] == s["back_up"]),
                    z3.Implies(z3.And(ev == TURN_UP, s["face_down"], s["zone"] == BATTLEFIELD), z3.Not(t["back_up"])))),
            ("711.10: if an effect tries to turn a double-faced permanent face down, nothing happens",
             z3.Implies(z3.And(ev == TURN_DOWN, s["dfc"]), z3.And(t["face_down"] == s["face_down"], t["chars"] == s["chars"]))),
        ]

    def render_state(self, v):
        return {"zone": ZONES.get(v["zone"]), "double-faced card": v["dfc"], "face up": "back" if v["back_up"] else "front",
                "face down": v["face_down"], "characteristics": CHARS.get(v["chars"]), "converted mana cost": v["cmc"],
                "front face's converted mana cost": v["front_cmc"], "object": v["id"], "an effect applies to it": v["affected"],
                "back face is an instant or sorcery": v["back_instant"]}



def dfc_obligation(broken: str | None = None, playable: bool = False, **reach):
    return DoubleFaced2016(broken, playable).induction_obligation(
        "dfc-2016.characteristics" + ("[playable]" if playable else ""),
        "A double-faced card has only its front face's characteristics outside the battlefield or with its front face up, "
        "only its back face's with its back face up, with the converted mana cost of its front face; only double-faced "
        "permanents transform, never into an instant or sorcery face, never while face down; transforming doesn't make a "
        "new object; double-faced permanents can't be turned face down.",
        "every card (any converted mana cost, any instant/sorcery faces), every sequence of events of any length (induction)",
        tags=("double-faced", "711", "dfc"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The playable counterexample (an effect applies to a front-face-up double-faced creature,
    which transforms) as a corpus scenario: Giant Growth on Village Ironsmith, then Moonmist
    transforms it into Ironfang (3/1). The expectation is the rule's (711.12): the same object,
    still getting +3/+3 until end of turn."""
    situation = counterexample["situation"]
    before, event = situation["before"], situation["events"][0]["event"]
    if event != "transform it" or before["face up"] != "front" or not before["an effect applies to it"] or before["zone"] != "battlefield":
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-dfc-transform-same-object", "A transformed permanent is the same object: an effect that applied to it keeps applying",
        ["dfc-2016.12", "dfc-2016.12.ex1"],
        {"seed": "003_31988ade920d5c8c.txt", "line": 28, "ruling": "dfc-2016.12.ex1",
         "quote": "An effect gives Village Ironsmith (the front face of a double-faced card) +2/+2 until end of turn and then Village Ironsmith "
                  "transforms into Ironfang. Ironfang will continue to get +2/+2 until end of turn."},
        ["2016-04-08", "2026-08-07"], ["double-faced", "transform"], ["Forest", "Giant Growth", "Moonmist", "Village Ironsmith // Ironfang"],
        "mtgrules.proofs.double_faced.scenario_of from Z3's counterexample to the broken variant transform-is-a-new-object: "
        + "; ".join(situation["broken"]),
        {"alice": {"hand": ["Giant Growth", "Moonmist"], "battlefield": [{"card": "Village Ironsmith // Ironfang", "as": "smith"}, "Forest x3"]}, "bob": {}},
        [{"cast": "Giant Growth", "by": "alice", "targets": ["smith"]}, {"resolve": "all"}, {"cast": "Moonmist", "by": "alice"}, {"resolve": "all"}],
        [{"object": "smith", "face": "back", "name": "Ironfang", "power": 6, "toughness": 4, "same_object": True},
         {"no_event": {"kind": "zone_change", "object": "smith"}}])


VARIANTS = (Variant("transform-is-a-new-object", "dfc-2016.12", "711.12", lambda: dfc_obligation("transform-is-a-new-object")),
            Variant("transform-is-a-new-object (playable)", "dfc-2016.12", "711.12", lambda: dfc_obligation("transform-is-a-new-object", playable=True),
                    "proof-dfc-transform-same-object", scenario_of),
            Variant("non-dfc-enters-transformed", "dfc-2016.8a", "711.8a", lambda: dfc_obligation("non-dfc-enters-transformed")))
OBLIGATIONS = [dfc_obligation(variants=VARIANTS)]
