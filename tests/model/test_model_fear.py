"""Fear (seed 004: 702.34 pre-2013, no rule text; current 702.36): "can't be blocked except by
artifact creatures and/or black creatures", and its two rulings."""

import pytest

from keyword_testkit import attack, block, life, oid, to_end_of_combat
from model_testkit import act, new_game, one, refuse

ZONES = {"alice": {"battlefield": ["Severed Legion"]},
         "bob": {"battlefield": ["Grizzly Bears", "Walking Corpse", "Ornithopter", {"card": "Savannah Lions", "face_down": True}]}}


@pytest.mark.rules("fear")
def test_fear_lets_only_artifact_or_black_creatures_block():
    for blocker, ok in (("Grizzly Bears", False), ("Savannah Lions", False), ("Walking Corpse", True), ("Ornithopter", True)):
        g = new_game(ZONES)
        attack(g, {"Severed Legion": "bob"})
        if ok:
            block(g, {blocker: "Severed Legion"})
        else:  # a face-down creature (Savannah Lions) is colorless and not an artifact
            assert refuse(g, "declare_blockers", player="bob", blockers={blocker: "Severed Legion"})["rule"] == "fear"


@pytest.mark.rules("fear.q1")
def test_a_text_change_of_black_to_white_doesnt_change_what_fear_does():
    g = new_game({"alice": {"battlefield": ["Severed Legion"]}, "bob": {"battlefield": ["Walking Corpse", "Suntail Hawk"]}})
    # Mind Bend's effect: replace the color word "black" with "white" in the creature's text
    act(g, "add_effect", effect={"kind": "text_change", "object": "Severed Legion", "text_from": "black", "text_to": "white", "until": None})
    attack(g, {"Severed Legion": "bob"})
    assert refuse(g, "declare_blockers", player="bob", blockers={"Suntail Hawk": "Severed Legion"})["rule"] == "fear"
    block(g, {"Walking Corpse": "Severed Legion"})


@pytest.mark.rules("fear.q2")
def test_a_blocker_that_stops_being_black_after_blocking_keeps_blocking():
    g = new_game({"alice": {"battlefield": ["Severed Legion"]}, "bob": {"battlefield": ["Walking Corpse"]}})
    attack(g, {"Severed Legion": "bob"})
    block(g, {"Walking Corpse": "Severed Legion"})
    act(g, "add_effect", effect={"kind": "set_colors", "object": "Walking Corpse", "colors": ["U"]})  # Cerulean Wisps
    assert one(g, "Walking Corpse")["characteristics"]["colors"] == ["U"]
    corpse = oid(g, "Walking Corpse")
    assert g.snapshot()["combat"]["blockers"] == {corpse: oid(g, "Severed Legion")}
    to_end_of_combat(g)
    assert life(g, "bob") == 20
    assert one(g, "Walking Corpse")["zone"] == "graveyard" and one(g, "Severed Legion")["zone"] == "graveyard"


@pytest.mark.rules("fear.q2")
def test_cerulean_wisps_on_a_blocker_of_a_fear_creature_changes_nothing_about_the_block():
    g = new_game({"alice": {"hand": ["Cerulean Wisps"], "battlefield": ["Severed Legion", "Island"], "library": ["Forest"]},
                  "bob": {"battlefield": ["Walking Corpse"]}}, players={"alice": {}, "bob": {}})
    attack(g, {"Severed Legion": "bob"})
    block(g, {"Walking Corpse": "Severed Legion"})
    act(g, "cast", player="alice", card="Cerulean Wisps", targets=[oid(g, "Walking Corpse")])
    act(g, "resolve")
    corpse = one(g, "Walking Corpse")
    assert corpse["characteristics"]["colors"] == ["U"] and corpse["blocking"]
    to_end_of_combat(g)
    assert life(g, "bob") == 20 and one(g, "Walking Corpse")["zone"] == "graveyard"
