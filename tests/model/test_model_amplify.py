"""Amplify (seed 004: 702.36 pre-2013, today 702.38) and its six rulings."""

import pytest

from model_testkit import act, events, new_game, one, refuse


def cast_and_reveal(g, card, reveal, player="alice"):
    act(g, "cast", player=player, card=card)
    return g.apply({"action": "resolve", "choices": {"reveal": reveal}})


@pytest.mark.rules("amplify.a", "amplify.q1")
def test_amplify_puts_counters_for_each_revealed_card_sharing_a_creature_type():
    g = new_game({"alice": {"hand": ["Glowering Rogon", "Enormous Baloth", "Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Glowering Rogon")
    assert refuse(g, "resolve", choices={"reveal": ["Grizzly Bears"]})["rule"] == "amplify.a"  # a Bear, not a Beast
    act(g, "resolve", choices={"reveal": ["Enormous Baloth"]})
    rogon = one(g, "Glowering Rogon")
    assert rogon["counters"] == {"+1/+1": 1} and rogon["characteristics"]["power"] == 5
    assert events(g, "reveal")[-1]["cards"] == ["Enormous Baloth"]
    assert one(g, "Enormous Baloth")["zone"] == "hand"  # revealed, not discarded


@pytest.mark.rules("amplify.a", "amplify.q1")
def test_revealing_nothing_gives_no_counters_and_only_cards_in_hand_can_be_revealed():
    g = new_game({"alice": {"hand": ["Glowering Rogon"], "graveyard": ["Enormous Baloth"]}})
    assert not cast_and_reveal(g, "Glowering Rogon", ["Enormous Baloth"]).ok
    act(g, "resolve")
    assert one(g, "Glowering Rogon")["counters"] == {}


@pytest.mark.rules("amplify.q2")
def test_cards_of_any_of_its_creature_types_may_be_revealed():
    g = new_game({"alice": {"hand": ["Aven Warhawk", "Suntail Hawk", "Elite Vanguard"]}})  # Bird Soldier: a Bird and a Soldier
    assert cast_and_reveal(g, "Aven Warhawk", ["Suntail Hawk", "Elite Vanguard"]).ok
    assert one(g, "Aven Warhawk")["counters"] == {"+1/+1": 2}


@pytest.mark.rules("amplify.q3")
def test_amplify_2_gives_two_counters_for_each_card():
    g = new_game({"alice": {"hand": ["Feral Throwback", "Enormous Baloth", "Glowering Rogon"]}})
    assert cast_and_reveal(g, "Feral Throwback", ["Enormous Baloth", "Glowering Rogon"]).ok
    assert one(g, "Feral Throwback")["counters"] == {"+1/+1": 4}


@pytest.mark.rules("amplify.b")
def test_each_instance_of_amplify_works_separately():
    g = new_game({"alice": {"hand": ["Conformance Twin-Amplify Beast", "Enormous Baloth"]}})
    assert cast_and_reveal(g, "Conformance Twin-Amplify Beast", ["Enormous Baloth"]).ok
    beast = one(g, "Conformance Twin-Amplify Beast")
    assert beast["counters"] == {"+1/+1": 2} and beast["characteristics"]["power"] == 4


@pytest.mark.rules("amplify.q4")
def test_it_enters_with_the_counters_already_on_it():
    # Aven Warhawk is 2/2: only with its counter is it a creature "with power 3 or greater" as it enters
    g = new_game({"alice": {"hand": ["Aven Warhawk", "Suntail Hawk"], "battlefield": ["Garruk's Packleader"], "library": ["Island"]}})
    assert cast_and_reveal(g, "Aven Warhawk", ["Suntail Hawk"]).ok
    assert len(events(g, "trigger")) == 1
    act(g, "resolve")
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 2  # Suntail Hawk and the card drawn


@pytest.mark.rules("amplify.q5", "cr.current.copying-objects")
def test_a_clone_of_an_amplify_creature_reveals_cards_of_the_copied_types():
    zones = {"alice": {"battlefield": ["Glowering Rogon"], "hand": [{"card": "Clone", "id": "clone"}, {"card": "Clone", "id": "other"}, "Enormous Baloth"]}}
    g = new_game(zones)
    # Clone enters as a copy of Glowering Rogon: a Beast with amplify 1
    assert not g.apply({"action": "put_onto_battlefield", "object": "clone", "as_copy_of": one(g, "Glowering Rogon")["id"],
                        "choices": {"reveal": ["other"]}}).ok  # a Shapeshifter card doesn't share a type with it
    act(g, "put_onto_battlefield", object="clone", as_copy_of=one(g, "Glowering Rogon")["id"], choices={"reveal": ["Enormous Baloth"]})
    copy = [o for o in g.snapshot()["objects"].values() if o["card"] == "Clone" and o["zone"] == "battlefield"][0]
    assert copy["counters"] == {"+1/+1": 1} and copy["characteristics"]["subtypes"] == ["Beast"]


@pytest.mark.rules("amplify.q6")
def test_changing_its_creature_type_after_it_entered_keeps_the_counters():
    g = new_game({"alice": {"hand": ["Glowering Rogon", "Enormous Baloth"]}})
    assert cast_and_reveal(g, "Glowering Rogon", ["Enormous Baloth"]).ok
    act(g, "add_effect", effect={"kind": "text_change", "object": "Glowering Rogon", "text_from": "Beast", "text_to": "Leviathan", "until": None})
    rogon = one(g, "Glowering Rogon")
    assert rogon["characteristics"]["subtypes"] == ["Leviathan"] and rogon["counters"] == {"+1/+1": 1}


@pytest.mark.rules("amplify.q6", "cr.current.new-object")
def test_changing_its_creature_type_while_a_spell_changes_what_can_be_revealed():
    g = new_game({"alice": {"hand": ["Glowering Rogon", "Enormous Baloth"]}})
    spell = act(g, "cast", player="alice", card="Glowering Rogon")["value"]
    act(g, "add_effect", effect={"kind": "text_change", "object": spell, "text_from": "Beast", "text_to": "Leviathan", "until": None})  # Artificial Evolution
    assert refuse(g, "resolve", choices={"reveal": ["Enormous Baloth"]})["rule"] == "amplify.a"
    act(g, "resolve")
    rogon = one(g, "Glowering Rogon")
    assert rogon["counters"] == {} and rogon["characteristics"]["subtypes"] == ["Leviathan"]


@pytest.mark.rules("amplify.q6")
def test_artificial_evolution_on_the_amplify_spell_stops_the_counters():
    g = new_game({"alice": {"hand": ["Artificial Evolution"]}, "bob": {"hand": ["Glowering Rogon", "Enormous Baloth"]}},
                 turn={"active": "bob", "priority": "bob"})
    spell = act(g, "cast", player="bob", card="Glowering Rogon")["value"]
    act(g, "pass_priority", player="bob")
    act(g, "cast", player="alice", card="Artificial Evolution", targets=[spell])
    act(g, "resolve", choices={"text_change": {"from": "Beast", "to": "Leviathan"}})
    assert one(g, "Glowering Rogon", "stack")["characteristics"]["subtypes"] == ["Leviathan"]
    assert refuse(g, "resolve", choices={"reveal": ["Enormous Baloth"]})["rule"] == "amplify.a"
    act(g, "resolve")
    assert one(g, "Glowering Rogon")["counters"] == {}
