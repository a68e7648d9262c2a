"""Storm (seed 004: 702.38 pre-2013, today 702.40) and its six rulings."""

import pytest

from keyword_testkit import card_zone, life
from model_testkit import act, events, new_game, objects, top_of_stack


def spells_then_storm(g, storm="Grapeshot", before=("Lightning Bolt",), by="alice"):
    for card in before:
        act(g, "cast", player=by, card=card, targets=["bob"])
        act(g, "resolve", all=True)
    return act(g, "cast", player="alice", card=storm, targets=["bob"])["value"]


@pytest.mark.rules("storm.a", "storm.q1")
def test_storm_copies_the_spell_once_for_each_spell_cast_before_it_this_turn():
    g = new_game({"alice": {"hand": ["Shock", "Lightning Bolt", "Grapeshot"]}})
    spells_then_storm(g, before=("Shock", "Lightning Bolt"))  # 20 - 2 - 3 = 15
    assert top_of_stack(g)["ability"]["text"] == "Storm"  # a triggered ability, on the stack
    act(g, "resolve", choices={"new_targets": ["bob", "bob"]})
    copies = [o for o in objects(g, "Grapeshot", "stack") if o["spell"] and o["spell"]["copy"]]
    assert len(copies) == 2
    act(g, "resolve", all=True)
    assert life(g, "bob") == 15 - 3


@pytest.mark.rules("storm.a")
def test_the_first_spell_of_the_turn_gets_no_copies_and_copies_may_get_new_targets():
    g = new_game({"alice": {"hand": ["Grapeshot", "Lightning Bolt"], "battlefield": []}, "bob": {"battlefield": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])
    act(g, "resolve", all=True)
    assert events(g, "copied") == [] and life(g, "bob") == 19
    g = new_game({"alice": {"hand": ["Grapeshot", "Lightning Bolt"]}, "bob": {"battlefield": ["Llanowar Elves"]}})
    spells_then_storm(g)
    elves = objects(g, "Llanowar Elves")[0]["id"]
    act(g, "resolve", choices={"new_targets": [elves]})
    act(g, "resolve", all=True)
    assert card_zone(g, "Llanowar Elves") == "graveyard" and life(g, "bob") == 16


@pytest.mark.rules("storm.b")
def test_each_instance_of_storm_triggers_separately():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Conformance Twin-Storm Bolt"]}})
    spells_then_storm(g, storm="Conformance Twin-Storm Bolt")
    assert len([e for e in events(g, "trigger") if e["text"] == "Storm"]) == 2
    act(g, "resolve", all=True)
    assert life(g, "bob") == 20 - 3 - 1 - 2


@pytest.mark.rules("storm.q1")
def test_spells_cast_by_an_opponent_earlier_in_the_turn_count():
    g = new_game({"alice": {"hand": ["Grapeshot"]}, "bob": {"hand": ["Lightning Bolt"]}})
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Lightning Bolt", targets=["alice"])
    act(g, "resolve")
    act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])
    act(g, "resolve", all=True)
    assert len(events(g, "copied")) == 1 and life(g, "bob") == 18


@pytest.mark.rules("storm.q2", "storm.q4")
def test_storm_copies_and_other_spell_copies_are_not_cast_so_dont_count():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Grapeshot", "Tendrils of Agony"]}})
    spells_then_storm(g)  # Grapeshot with one copy
    act(g, "resolve", all=True)
    bolt = act(g, "cast", player="alice", card="Tendrils of Agony", targets=["bob"])["value"]
    act(g, "copy_spell", object=bolt)  # a replicate-like copy: not cast, it doesn't storm either
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["alice"]["spells_cast_this_turn"] == 3
    storm_copies = [e for e in events(g, "copied") if e["card"] == "Tendrils of Agony"]
    assert len(storm_copies) == 1 + 2  # the test copy, then two storm copies: Bolt and Grapeshot were cast before it
    assert len([e for e in events(g, "trigger") if e["text"] == "Storm"]) == 2


@pytest.mark.rules("storm.q3", "cr.current.cast-copy")
def test_a_copy_that_is_cast_counts_for_storm_a_copied_spell_doesnt():
    g = new_game({"alice": {"hand": ["Grapeshot"], "graveyard": ["Lightning Bolt"]}})
    act(g, "cast_copy", player="alice", object="Lightning Bolt", targets=["bob"])  # "copy it and you may cast the copy"
    act(g, "resolve", all=True)
    act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])
    act(g, "resolve", all=True)
    assert len([e for e in events(g, "copied") if e["card"] == "Grapeshot"]) == 1


@pytest.mark.rules("storm.q5")
def test_spells_cast_in_response_to_a_storm_spell_dont_add_copies():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Grapeshot"]}, "bob": {"hand": ["Shock"]}})
    spells_then_storm(g)
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Shock", targets=["alice"])
    act(g, "resolve", all=True)
    assert len([e for e in events(g, "copied") if e["card"] == "Grapeshot"]) == 1


@pytest.mark.rules("storm.q6")
def test_countering_the_original_storm_spell_leaves_its_copies():
    g = new_game({"alice": {"hand": ["Shock", "Lightning Bolt", "Grapeshot"]}, "bob": {"hand": ["Counterspell"]}})
    grapeshot = spells_then_storm(g, before=("Shock", "Lightning Bolt"))
    act(g, "resolve", choices={"new_targets": ["bob", "bob"]})  # the storm trigger: two copies
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[grapeshot])
    act(g, "resolve", all=True)
    assert life(g, "bob") == 15 - 2
    assert card_zone(g, "Grapeshot") == "graveyard"


@pytest.mark.rules("storm.q3", "storm.q2")
def test_a_spell_copied_by_twincast_is_not_cast_and_doesnt_count():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Twincast", "Grapeshot"]}})
    bolt = act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])["value"]
    act(g, "cast", player="alice", card="Twincast", targets=[bolt])
    act(g, "resolve", all=True)
    assert life(g, "bob") == 14
    act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])
    act(g, "resolve", all=True)
    assert len([e for e in events(g, "copied") if e["card"] == "Grapeshot"]) == 2  # Bolt and Twincast, not the copy
