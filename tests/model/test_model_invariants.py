"""Invariants of the reference model on random games built from the seed mechanics (dynamic
cards, double-faced cards, face-down permanents, merged permanents, copies, replacements)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.model.actions import Unsupported
from mtgrules.model.cards import find_card
from mtgrules.model.continuous import component_characteristics
from mtgrules.model.game import Game
from mtgrules.model.objects import Component
from mtgrules.model.schemas import validator

from model_testkit import DSPB, MANY

CARDS = [DSPB, "Village Ironsmith // Ironfang", "Kruin Outlaw // Terror of Kruin Pass", "Gemrazer", "Dreamtail Heron",
         "Grizzly Bears", "Exalted Angel", "Lightning Bolt", "Counterspell", "Firebolt", "Elite Vanguard",
         "Nezumi Shortfang // Stabwhisker the Odious", "Test Seer // Test Vision", "Grapeshot"]
ZONES = ["hand", "library", "graveyard", "exile", "battlefield"]

entry = st.builds(
    lambda card, face_down, transformed, under: {"card": card, "face_down": face_down, "transformed": transformed and not face_down,
                                                 **({"components": [under], "mutated": True} if under else {})},
    st.sampled_from(CARDS), st.booleans(), st.booleans(), st.none() | st.sampled_from(["Grizzly Bears", "Gemrazer", "Village Ironsmith // Ironfang"]))


def setups():
    cards = st.lists(st.sampled_from(CARDS) | entry, max_size=3)
    zone = st.fixed_dictionaries({"hand": cards.filter(bool), "battlefield": cards, "library": cards.filter(bool)},
                                 optional={"graveyard": cards, "exile": cards})
    return st.builds(
        lambda a, b, edition: {"edition": edition, "players": {"alice": {"mana_pool": dict(MANY)}, "bob": {"mana_pool": dict(MANY)}},
                               "zones": {"alice": _legal(a), "bob": _legal(b)}},
        zone, zone, st.sampled_from(["2016-04-08", "2026-08-07"]))


def _legal(zones):
    # Only permanents' status (face down, transformed, merged) makes sense on the battlefield.
    out = {}
    for name, entries in zones.items():
        out[name] = [e if name == "battlefield" or isinstance(e, str) else e["card"] for e in entries]
        if name == "battlefield":
            out[name] = [e for e in out[name] if _is_permanent(e)]
    return out


def _is_permanent(e):
    card = find_card(e if isinstance(e, str) else e["card"])
    if isinstance(e, dict) and e.get("face_down"):
        return True
    return card.faces[0].is_permanent


def random_action(data, game: Game) -> dict:
    snap = game.snapshot()
    objs = snap["objects"]
    players = ["alice", "bob"]
    p = snap["turn"]["priority"] or "alice"

    def pick(zone=None, owner=None):
        ids = sorted(i for i, o in objs.items() if (zone is None or o["zone"] == zone) and (owner is None or o["owner"] == owner))
        return data.draw(st.sampled_from(ids)) if ids else (data.draw(st.sampled_from(sorted(objs))) if objs else "none")

    def half_of(oid):
        faces = objs.get(oid, {}).get("card_faces", [])
        card = objs.get(oid, {}).get("card") or ""
        return {"half": data.draw(st.sampled_from(faces))} if card == DSPB and data.draw(st.integers(0, 9)) else {}

    kind = data.draw(st.sampled_from(["cast", "cast", "cast", "pass", "resolve", "resolve", "transform", "turn_face_down", "turn_face_up",
                                      "move", "manifest", "mutate", "counter", "copy_spell", "cast_copy", "pump", "put", "choose_name",
                                      "end_turn", "morph", "flashback", "advance"]))
    targets = [data.draw(st.sampled_from(players + sorted(snap["stack"]) + sorted(snap["battlefield"])))]
    if kind == "cast":
        obj = pick("hand", p)
        return {"action": "cast", "player": p, "object": obj, **half_of(obj), "targets": targets}
    if kind == "morph":
        return {"action": "cast", "player": p, "object": pick("hand", p), "face_down": True, "alternative_cost": "morph"}
    if kind == "flashback":
        return {"action": "cast", "player": p, "object": pick("graveyard", p), "alternative_cost": "flashback", "targets": targets}
    if kind == "mutate":
        return {"action": "cast", "player": p, "object": pick("hand", p), "alternative_cost": "mutate", "mutate_onto": pick("battlefield", p),
                "position": data.draw(st.sampled_from(["top", "bottom"]))}
    if kind == "pass":
        return {"action": "pass_priority", "player": p}
    if kind == "resolve":
        return {"action": "resolve"}
    if kind in ("counter", "copy_spell"):
        return {"action": kind, "object": pick("stack")}
    if kind in ("transform", "turn_face_down"):
        return {"action": kind, "object": pick("battlefield")}
    if kind == "turn_face_up":
        return {"action": "turn_face_up", "player": p, "object": pick("battlefield"), "using": data.draw(st.sampled_from(["morph", "manifest", "effect"]))}
    if kind == "move":
        return {"action": "move", "object": pick(), "to": data.draw(st.sampled_from(["graveyard", "exile", "hand", "library"]))}
    if kind == "manifest":
        return {"action": "manifest", "player": data.draw(st.sampled_from(players))}
    if kind == "cast_copy":
        obj = pick(data.draw(st.sampled_from(["hand", "graveyard", "exile", "library"])))
        return {"action": "cast_copy", "player": p, "object": obj, **half_of(obj), "targets": targets}
    if kind == "pump":
        return {"action": "pump", "object": pick("battlefield"), "power": 2, "toughness": data.draw(st.sampled_from([2, -5]))}
    if kind == "put":
        return {"action": "put_onto_battlefield", "object": pick(), "transformed": data.draw(st.booleans())}
    if kind == "choose_name":
        names = sorted({f for o in objs.values() for f in o["card_faces"]}) or ["x"]
        return {"action": "choose_name", "player": p, "name": data.draw(st.sampled_from(names))}
    if kind == "advance":
        return {"action": "advance_to", "step": data.draw(st.sampled_from(["upkeep", "draw", "precombat-main", "end", "postcombat-main"])),
                "next_turn": data.draw(st.booleans())}
    return {"action": "end_turn"}


def check_invariants(game: Game) -> None:
    snap = game.snapshot()
    assert not list(validator("snapshot").iter_errors(snap))
    placed = []
    for name, p in snap["players"].items():
        for zone in ("library", "hand", "graveyard"):
            for oid in p[zone]:
                placed.append(oid)
                assert snap["objects"][oid]["zone"] == zone and snap["objects"][oid]["owner"] == name
    for zone in ("battlefield", "stack", "exile", "command"):
        for oid in snap[zone]:
            placed.append(oid)
            assert snap["objects"][oid]["zone"] == zone
    # zone consistency: every object is in exactly one zone
    assert sorted(placed) == sorted(snap["objects"]), "an object is in no zone or in two"
    for o in snap["objects"].values():
        if o["merged"]:
            # 730.2a: a merged permanent's characteristics are its topmost component's
            top = o["components"][0]
            component = Component(card=find_card(top["card"]), token=top["token"], face_down=top["face_down"], face=top["face"] or "a")
            expected = component_characteristics(component, o["zone"], None, snap["edition"], bool(o["flipped"])).as_json()
            for key in ("names", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes"):
                assert o["characteristics"][key] == expected[key], key
            if not o["mutated"]:
                assert o["characteristics"]["abilities"] == expected["abilities"]
        if o["zone"] == "stack" and o["card"] == DSPB and o["spell"] and not o["face_down"]:
            # DYN.3b: a dynamic card on the stack has only its chosen half's characteristics
            assert o["half"] in ("Divine Skywarden", "Purewind Blessings")
            assert o["characteristics"]["names"] == [o["half"]]
            assert o["characteristics"]["types"] == (["Creature"] if o["half"] == "Divine Skywarden" else ["Instant"])
        if o["zone"] == "battlefield" and o["card"] == DSPB and not o["face_down"]:
            assert o["characteristics"]["names"] == ["Divine Skywarden"]  # DYN.5
        if o["zone"] not in ("stack", "battlefield") and o["card"] == DSPB and not o["face_down"]:
            assert o["characteristics"]["mana_value"] == 8  # DYN.4b
        if o["token"] or o["copy"]:
            assert o["zone"] in ("battlefield", "stack"), "tokens and copies cease to exist elsewhere"


@pytest.mark.rules("merging.2a", "dyn.3b", "dyn.4", "dyn.5", "cr.current.zones", "cr.current.new-object")
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), data=st.data())
def test_invariants_hold_on_random_games(setup, data):
    game = Game.from_setup(setup)
    check_invariants(game)
    for _ in range(data.draw(st.integers(1, 12))):
        action = random_action(data, game)
        before = json.dumps(game.snapshot(), sort_keys=True)
        try:
            result = game.apply(action)
        except Unsupported as unsupported:  # an ability the model doesn't execute: the game stops, as it was
            assert json.dumps(game.snapshot(), sort_keys=True) == before, f"unsupported {action} changed the state"
            assert unsupported.card and unsupported.ability and unsupported.reason
            break
        if not result.ok:
            assert json.dumps(game.snapshot(), sort_keys=True) == before, f"refused {action} changed the state"
            assert result.reason
        check_invariants(game)
    assert not list(validator("events").iter_errors(game.events))
