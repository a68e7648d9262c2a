"""Hidden information (model/hidden.py): the snapshot's ``hidden_from`` says who can't see an
object's face, while the reference observation still shows its characteristics."""

import pytest

from model_testkit import act, new_game, one

AKROMA = "Akroma, Angel of Fury"


@pytest.mark.rules("morph.q8", "cr.current.face-down")
def test_face_down_permanent_is_hidden_from_the_opponent_only():
    g = new_game({"alice": {"battlefield": [{"card": AKROMA, "face_down": True, "face_down_as": "morph"}]}})
    obj = one(g, AKROMA)
    assert obj["hidden_from"] == ["bob"]
    assert obj["card"] == AKROMA  # the reference observation still shows the card
    act(g, "turn_face_up", player="alice", object=obj["id"], using="morph")
    assert one(g, AKROMA)["hidden_from"] == []


@pytest.mark.rules("cr.current.zones")
def test_library_cards_are_hidden_from_everyone_and_hand_cards_from_the_other_players():
    g = new_game({"alice": {"library": ["Grizzly Bears"], "hand": ["Shock"], "graveyard": ["Llanowar Elves"]}})
    assert one(g, "Grizzly Bears")["hidden_from"] == ["alice", "bob"]
    assert one(g, "Shock")["hidden_from"] == ["bob"]
    assert one(g, "Llanowar Elves")["hidden_from"] == []
