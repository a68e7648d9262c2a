"""Refinement: Hypothesis draws concrete situations, the reference model runs them, and Z3
evaluates the formalization's invariant under the model's outcome. A disagreement is a bug in
the model or in the formalization; the assertion message gives the situation."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.proofs import double_faced, dynamic, face_down, merging
from mtgrules.proofs.refinement import broken_clauses, card_mana_value, dfc_values, dynamic_values, face_down_values, merging_values

game_mod = pytest.importorskip("mtgrules.model.game")
Game = game_mod.Game

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# cards of the reference model's pool, by the kind of component they are
MERGE_CARDS = [
    ("Grizzly Bears", {}), ("Elite Vanguard", {}), ("Gemrazer", {}),
    ("Village Ironsmith // Ironfang", {"dfc": True}), ("Delver of Secrets // Insectile Aberration", {"dfc": True}),
    ("Nezumi Shortfang // Stabwhisker the Odious", {"flip": True}), ("Zombie", {"token": True}),
    ("Lightning Bolt", {"instant": True}),
]


@st.composite
def component(draw):
    name, kind = draw(st.sampled_from(MERGE_CARDS))
    entry = {"card": name}
    if kind.get("token"):
        entry["token"] = True
    # an instant or sorcery card is part of a merged permanent only face down (730.2g)
    if kind.get("instant") or draw(st.booleans()) and draw(st.booleans()):
        entry["face_down"] = True
    if kind.get("dfc") and draw(st.booleans()):
        entry["transformed"] = True
    return entry


@st.composite
def merged_setup(draw):
    comps = draw(st.lists(component(), min_size=1, max_size=6))
    top, rest = dict(comps[0], id="perm"), comps[1:]
    if rest:
        top["components"] = rest
    merging_cards = ["Grizzly Bears", "Elite Vanguard", "Village Ironsmith // Ironfang", "Nezumi Shortfang // Stabwhisker the Odious"]
    hand = [{"card": draw(st.sampled_from(merging_cards)), "id": f"h{i}"} for i in range(2)]
    actions = draw(st.lists(st.sampled_from(["merge-top-0", "merge-under-0", "merge-top-1", "merge-under-1", "turn_face_down", "turn_face_up",
                                             "transform", "flip"]), max_size=5))
    return {"zones": {"alice": {"battlefield": [top], "hand": hand}}}, actions


def to_action(name):
    if name.startswith("merge"):
        _, position, i = name.split("-")
        return {"action": "merge", "object": f"h{i}", "onto": "perm", "position": "top" if position == "top" else "bottom", "mutate": False}
    if name == "turn_face_up":
        return {"action": "turn_face_up", "player": "alice", "object": "perm", "using": "effect"}
    return {"action": name, "object": "perm"}


def check_merged(game, history):
    snap = game.snapshot()
    obj = snap["objects"]["perm"]
    values = merging_values(obj, game.card)
    broken = broken_clauses(merging.Merging(8), values)
    assert not broken, json.dumps({"broken": broken, "actions": history, "permanent": obj}, indent=1)


@pytest.mark.rules("merging.2a", "merging.2d", "merging.2e", "merging.2f", "merging.2g", "merging.2h", "merging.2i", "merging.2j")
@SETTINGS
@given(merged_setup())
def test_model_merged_permanents_satisfy_the_730_invariant(drawn):
    setup, actions = drawn
    game = Game.from_setup(setup)
    history = [{"setup": setup}]
    check_merged(game, history)
    for name in actions:
        action = to_action(name)
        result = game.apply(action)
        history.append({"action": action, "ok": result.ok, "refused": result.reason})
        if "perm" not in game.snapshot()["objects"]:
            return
        check_merged(game, history)


DFCS = ["Village Ironsmith // Ironfang", "Kruin Outlaw // Terror of Kruin Pass", "Instigator Gang // Wildblood Pack",
        "Delver of Secrets // Insectile Aberration", "Test Seer // Test Vision", "Grizzly Bears"]


@pytest.mark.rules("dfc-2016.4a", "dfc-2016.4b", "dfc-2016.5", "dfc-2016.6", "dfc-2016.8", "dfc-2016.8a", "dfc-2016.12")
@SETTINGS
@given(st.sampled_from(DFCS), st.sampled_from(["library", "hand", "graveyard", "exile", "battlefield"]), st.booleans(),
       st.lists(st.sampled_from(["transform", "put_transformed", "move_exile", "put", "pump"]), max_size=5))
def test_model_double_faced_cards_satisfy_the_711_invariant(card_name, zone, transformed, actions):
    entry = {"card": card_name, "id": "d"}
    if transformed and zone == "battlefield" and "//" in card_name and card_name != "Test Seer // Test Vision":
        entry["transformed"] = True
    game = Game.from_setup({"zones": {"alice": {zone: [entry]}}})
    card = game.card(card_name)
    front_mv = card_mana_value(card.faces[0].mana_cost)
    system = double_faced.DoubleFaced2016()
    current = "d"

    def values():
        obj = game.snapshot()["objects"][current]
        return dfc_values(obj, card, front_mv), obj

    pre, obj = values()
    assert not broken_clauses(system, pre), (card_name, zone, obj)
    for name in actions:
        before_ids = set(game.snapshot()["objects"])
        if name == "transform":
            if game.snapshot()["objects"][current]["zone"] != "battlefield":
                continue  # see test_model_transform_outside_the_battlefield_does_nothing
            game.apply({"action": "transform", "object": current})
            event = {"event": double_faced.TRANSFORM, "to": 0}
        elif name == "put_transformed":
            r = game.apply({"action": "put_onto_battlefield", "object": current, "player": "alice", "transformed": True})
            event = {"event": double_faced.PUT_TRANSFORMED, "to": 0}
        elif name == "put":
            game.apply({"action": "put_onto_battlefield", "object": current, "player": "alice"})
            event = {"event": double_faced.PUT, "to": 0}
        elif name == "pump":
            game.apply({"action": "pump", "object": current, "power": 1, "toughness": 1})
            event = {"event": double_faced.EFFECT, "to": 0}
        else:
            game.apply({"action": "move", "object": current, "to": "exile"})
            event = {"event": double_faced.ZONE_CHANGE, "to": 4}
        objects = game.snapshot()["objects"]
        if current not in objects:  # it changed zones: a new object (400.7)
            new = [o for o in objects if o not in before_ids]
            assert len(new) == 1, objects.keys()
            current = new[0]
        post, obj = values()
        post["id"] = pre["id"] if current in before_ids else pre["id"] + 1
        post["next_id"] = max(pre["next_id"], post["id"] + 1)
        post["affected"] = False
        pre["affected"] = False
        broken = broken_clauses(system, pre, post, event)
        assert not broken, (card_name, zone, actions, name, obj, broken)
        pre = post


@pytest.mark.rules("dfc-2016.5")
def test_model_transform_outside_the_battlefield_does_nothing():
    game = Game.from_setup({"zones": {"alice": {"library": [{"card": "Village Ironsmith // Ironfang", "id": "d"}]}}})
    card = game.card("Village Ironsmith // Ironfang")
    pre = dfc_values(game.snapshot()["objects"]["d"], card, card_mana_value(card.faces[0].mana_cost))
    game.apply({"action": "transform", "object": "d"})
    post = dfc_values(game.snapshot()["objects"]["d"], card, card_mana_value(card.faces[0].mana_cost))
    assert not broken_clauses(double_faced.DoubleFaced2016(), pre, post, {"event": double_faced.TRANSFORM, "to": 0})


@pytest.mark.rules("dyn.3b", "dyn.4", "dyn.4b", "dyn.5", "dyn.5a", "dyn.example.r1", "dyn.example.r2")
@SETTINGS
@given(st.sampled_from(["library", "hand", "graveyard", "exile", "stack", "battlefield"]), st.sampled_from([None, "a", "b"]))
def test_model_dynamic_characteristics_satisfy_the_dyn_invariant(zone, half):
    from mtgrules.model.cards import find_card
    from mtgrules.model.dynamic import dynamic_characteristics, permanent_half

    card = find_card("Divine Skywarden // Purewind Blessings", {})
    side = permanent_half(card)
    if zone == "stack" and half is None:
        half = side
    chosen = 0 if zone not in ("stack",) else (1 if half == side else 2)
    values = dynamic_characteristics(card, zone, half if zone == "stack" else None)
    perm = card.face(side)
    other = [f for f in card.faces if f.name != perm.name][0]
    v = dynamic_values(zone, chosen, False, values, card, card_mana_value(perm.mana_cost), card_mana_value(other.mana_cost), side)
    broken = broken_clauses(dynamic.Dynamic(), v)
    assert not broken, (zone, half, values, broken)


@pytest.mark.rules("morph.b", "morph.d", "morph.q2", "morph.q3", "morph.q5")
@SETTINGS
@given(st.sampled_from(["Exalted Angel", "Grinning Demon"]), st.integers(min_value=0, max_value=3))
def test_model_face_down_objects_satisfy_the_morph_invariant(card_name, counters):
    game = Game.from_setup({"players": {"alice": {"mana_pool": {"W": 4, "B": 4, "C": 4}}, "bob": {}},
                            "zones": {"alice": {"battlefield": [{"card": card_name, "id": "m", "face_down": True, "face_down_as": "morph",
                                                                 "counters": {"+1/+1": counters} if counters else {}}]}}})
    card = game.card(card_name)
    system = face_down.FaceDown()
    pre = face_down_values(game.snapshot()["objects"]["m"], card, True, 0, counters)
    assert not broken_clauses(system, pre), game.snapshot()["objects"]["m"]
    result = game.apply({"action": "turn_face_up", "player": "alice", "object": "m"})
    assert result.ok, result.reason
    objects = game.snapshot()["objects"]
    assert "m" in objects, "turning face up made a new object"
    obj = objects["m"]
    post = face_down_values(obj, card, True, 0, sum(obj.get("counters", {}).values()))
    broken = broken_clauses(system, pre, post, {"event": face_down.TURN_UP, "to": 5})
    assert not broken, (card_name, obj, broken)


@pytest.mark.rules("merging.2a")
def test_refinement_catches_a_model_that_takes_the_bottom_component(monkeypatch):
    """The decoding is not vacuous: a model that gives a merged permanent its bottom
    component's characteristics disagrees with the formalization."""
    import mtgrules.model.continuous as continuous

    monkeypatch.setattr(continuous, "merged_characteristics", lambda components, mutated=False: components[-1])
    game = Game.from_setup({"zones": {"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "perm", "components": [{"card": "Elite Vanguard"}]}]}}})
    values = merging_values(game.snapshot()["objects"]["perm"], game.card)
    broken = broken_clauses(merging.Merging(8), values)
    assert any(b.startswith("730.2a") for b in broken)
