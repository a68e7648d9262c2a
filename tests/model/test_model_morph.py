"""Morph (seed 004: 702.35 pre-2013, today 702.37) and its rulings: casting face down for {3},
turning face up as a special action, and what stays with the permanent."""

import pytest

from keyword_testkit import attack, block, life, oid, to_end_of_combat
from model_testkit import act, chars, events, new_game, objects, one, refuse, top_of_stack

FACE_DOWN = {"name": None, "names": [], "mana_cost": None, "mana_value": 0, "colors": [], "types": ["Creature"], "subtypes": [],
             "supertypes": [], "abilities": [], "keywords": [], "power": 2, "toughness": 2, "text": None}


def face_down_values(values: dict) -> bool:
    """The face-down characteristics (and no other value, such as a loyalty, set)."""
    return {k: values[k] for k in FACE_DOWN} == FACE_DOWN and all(values[k] is None for k in values if k not in FACE_DOWN)


def cast_face_down(g, card, player="alice"):
    spell = act(g, "cast", player=player, card=card, face_down=True, alternative_cost="morph")["value"]
    return spell


@pytest.mark.rules("morph.a", "morph.b", "morph.q1", "morph.q2")
def test_a_card_cast_with_morph_is_a_face_down_2_2_spell_for_3_and_enters_so():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}})
    cast_face_down(g, "Exalted Angel")
    spell = top_of_stack(g)
    assert spell["face_down"] and face_down_values(spell["characteristics"])
    assert events(g, "cast")[-1]["cost"] == "{3}"
    act(g, "resolve")
    permanent = one(g, "Exalted Angel", "battlefield")
    assert permanent["face_down"] and face_down_values(permanent["characteristics"])


@pytest.mark.rules("morph.b", "cr.current.total-cost")
def test_effects_on_casting_apply_to_the_face_down_spell_and_its_cost():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}}, effects=[{"kind": "cost_modifier", "generic": 1}])
    cast_face_down(g, "Exalted Angel")
    assert events(g, "cast")[-1]["cost"] == "{4}"


@pytest.mark.rules("morph.c")
def test_a_card_without_morph_cant_be_cast_face_down():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}})
    assert refuse(g, "cast", player="alice", card="Grizzly Bears", face_down=True, alternative_cost="morph")["rule"] == "morph.c"


@pytest.mark.rules("morph.d", "morph.q1", "morph.q4", "cr.pre-2013.special-actions")
def test_turning_face_up_is_a_special_action_that_doesnt_use_the_stack():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph"}] + ["Plains"] * 4}},
                 players={"alice": {}, "bob": {}})
    act(g, "pass_priority", player="alice")
    assert refuse(g, "turn_face_up", player="alice", object="Exalted Angel")["rule"] == "cr.current.special-actions"  # needs priority
    act(g, "pass_priority", player="bob")  # the step ends; alice gets priority in the next one
    act(g, "turn_face_up", player="alice", object="Exalted Angel")
    snap = g.snapshot()
    assert snap["stack"] == [] and snap["turn"]["priority"] == "alice"  # nothing to respond to
    assert chars(g, "Exalted Angel")["name"] == "Exalted Angel" and chars(g, "Exalted Angel")["power"] == 4
    assert all(o["tapped"] for o in objects(g, "Plains"))  # {2}{W}{W} paid


@pytest.mark.rules("morph.d")
def test_a_face_down_permanent_without_a_morph_cost_cant_be_turned_up_with_morph():
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "face_down": True, "face_down_as": "effect"}]}})
    assert refuse(g, "turn_face_up", player="alice", object="Grizzly Bears", using="morph")["rule"] == "morph.d"


@pytest.mark.rules("morph.d")
def test_only_the_controller_turns_a_face_down_permanent_face_up():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph"}]}},
                 turn={"active": "bob", "priority": "bob"})
    assert refuse(g, "turn_face_up", player="bob", object="Exalted Angel")["rule"] == "morph.d"
    act(g, "pass_priority", player="bob")
    act(g, "turn_face_up", player="alice", object="Exalted Angel")  # any time alice has priority, even on bob's turn


@pytest.mark.rules("morph.q4")
def test_an_ability_that_triggers_on_turning_face_up_uses_the_stack():
    g = new_game({"alice": {"battlefield": [{"card": "Skirk Marauder", "face_down": True, "face_down_as": "morph"}]}})
    act(g, "turn_face_up", player="alice", object="Skirk Marauder", choices={"targets": ["bob"]})
    assert top_of_stack(g)["ability"]["text"].startswith("When this creature is turned face up")
    assert g.snapshot()["turn"]["priority"] == "alice"
    act(g, "resolve")
    assert life(g, "bob") == 18


@pytest.mark.rules("morph.q3", "morph.q5", "morph.d")
def test_a_permanent_turned_face_up_is_the_same_permanent_and_doesnt_enter():
    g = new_game({"alice": {"battlefield": [{"card": "Conformance Herald", "face_down": True, "face_down_as": "morph", "id": "m",
                                             "counters": {"+1/+1": 1}, "damage": 1}]}})
    act(g, "pump", object="m", power=2, toughness=0)
    act(g, "turn_face_up", player="alice", object="m")
    herald = one(g, "Conformance Herald")
    assert herald["id"] == "m" and herald["counters"] == {"+1/+1": 1} and herald["damage"] == 1
    assert herald["characteristics"]["power"] == 2 + 1 + 2  # printed 2, counter, the pump still applies
    assert events(g, "enters_battlefield") == [] and events(g, "trigger") == []
    assert life(g, "alice") == 20  # its "when enters" ability didn't trigger


@pytest.mark.rules("morph.q6")
def test_morph_itself_doesnt_turn_a_face_up_creature_face_down():
    g = new_game({"alice": {"battlefield": ["Exalted Angel"]}})
    assert refuse(g, "turn_face_up", player="alice", object="Exalted Angel")["rule"] == "morph.d"
    act(g, "turn_face_down", object="Exalted Angel")  # an effect that says so (Backslide) can
    assert one(g, "Exalted Angel")["face_down"]
    act(g, "turn_face_up", player="alice", object="Exalted Angel", using="morph")
    assert not one(g, "Exalted Angel")["face_down"]


@pytest.mark.rules("morph.q7")
def test_turning_face_up_or_down_doesnt_tap_or_untap():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph", "tapped": True}, "Grizzly Bears"]}})
    act(g, "turn_face_up", player="alice", object="Exalted Angel")
    assert one(g, "Exalted Angel")["tapped"]
    act(g, "turn_face_down", object="Grizzly Bears")
    assert not one(g, "Grizzly Bears")["tapped"]


@pytest.mark.rules("morph.q9", "cr.current.face-down-leaves")
def test_a_face_down_spell_can_be_countered_and_is_revealed():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}, "bob": {"hand": ["Counterspell"]}})
    spell = cast_face_down(g, "Exalted Angel")
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[spell])
    act(g, "resolve", all=True)
    assert one(g, "Exalted Angel")["zone"] == "graveyard"
    moved = [e for e in events(g, "zone_change") if e["object"] == spell][0]
    assert moved["to"] == "graveyard" and moved["revealed"] == ["Exalted Angel"]


@pytest.mark.rules("morph.q10", "cr.current.protection")
def test_a_face_down_red_creature_blocks_protection_from_red_and_stays_blocking_when_turned_up():
    g = new_game({"alice": {"battlefield": ["Paladin en-Vec"]},
                  "bob": {"battlefield": [{"card": "Skirk Marauder", "face_down": True, "face_down_as": "morph"}] + ["Mountain"] * 3}})
    attack(g, {"Paladin en-Vec": "bob"})
    block(g, {"Skirk Marauder": "Paladin en-Vec"})
    act(g, "pass_priority", player="alice")
    act(g, "turn_face_up", player="bob", object="Skirk Marauder", choices={"targets": ["alice"]})
    assert chars(g, "Skirk Marauder", "battlefield")["colors"] == ["R"]
    paladin = oid(g, "Paladin en-Vec")
    assert g.snapshot()["combat"]["blocked"] == [paladin]
    act(g, "resolve")  # the Marauder's trigger
    to_end_of_combat(g)
    assert life(g, "bob") == 20  # the pro-red creature is still blocked


@pytest.mark.rules("morph.q11")
def test_an_effect_that_turns_a_face_down_creature_face_up_needs_no_morph_cost():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph"}]}}, players={"alice": {}, "bob": {}})
    act(g, "turn_face_up", player="bob", object="Exalted Angel", using="effect")  # Break Open
    assert not one(g, "Exalted Angel")["face_down"]
    assert events(g, "turned_face_up")[-1]["cause"] == "effect"  # with no mana and no lands: nothing was paid


@pytest.mark.rules("morph.q12", "morph.b")
def test_meddling_mage_naming_a_morph_card_stops_it_face_up_but_not_face_down():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}}, effects=[{"kind": "cant_cast", "name": "Exalted Angel"}])
    assert refuse(g, "cast", player="alice", card="Exalted Angel")["rule"] == "morph.q12"
    cast_face_down(g, "Exalted Angel")


@pytest.mark.rules("morph.q13", "cr.current.new-object")
def test_a_face_down_creature_exiled_and_returned_comes_back_face_up():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph"}]}})
    act(g, "move", object="Exalted Angel", to="exile", cause="Otherworldly Journey")
    exiled = one(g, "Exalted Angel", "exile")
    assert not exiled["face_down"] and events(g, "zone_change")[-1]["revealed"] == ["Exalted Angel"]
    act(g, "put_onto_battlefield", object=exiled["id"])
    back = one(g, "Exalted Angel", "battlefield")
    assert not back["face_down"] and back["characteristics"]["name"] == "Exalted Angel"


@pytest.mark.rules("morph.q14")
def test_a_face_down_spell_cant_be_turned_face_up_on_the_stack():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}})
    spell = cast_face_down(g, "Exalted Angel")
    refuse(g, "turn_face_up", player="alice", object=spell)
    assert objects(g, "Exalted Angel", "stack")[0]["face_down"]
