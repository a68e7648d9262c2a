"""Auras (model/attachments.py): enchant, attaching on resolution, the effects an Aura gives the
enchanted creature, and the state-based action 704.5m for an illegally attached Aura."""

import pytest

from model_testkit import act, events, one, refuse
from test_model_corpus_fixes import game_with

AKROMA = "Akroma, Angel of Fury"


def _id(g, card):
    return one(g, card)["id"]


@pytest.mark.rules("morph.q3", "cr.current.state-based-actions", "cr.current.protection")
def test_white_aura_on_face_down_akroma_goes_to_the_graveyard_when_she_is_turned_face_up():
    g = game_with({"alice": {"battlefield": [{"card": AKROMA, "id": "ak", "face_down": True, "face_down_as": "morph"}]},
                  "bob": {"hand": ["Pacifism"]}}, "Pacifism", turn={"active": "bob", "priority": "bob"})
    act(g, "cast", player="bob", card="Pacifism", targets=["ak"])
    act(g, "resolve")
    assert one(g, "Pacifism")["zone"] == "battlefield" and one(g, "Pacifism")["attached_to"] == "ak"
    act(g, "pass_priority", player="bob")  # alice gets priority
    act(g, "turn_face_up", player="alice", object="ak", using="morph")
    assert one(g, "Pacifism")["zone"] == "graveyard"  # 702.16c: protection from white; 704.5m
    assert one(g, AKROMA)["face_down"] is False


@pytest.mark.rules("morph.q3", "cr.current.trample")
def test_rancor_gives_plus_two_and_trample_and_stays_on_akroma():
    g = game_with({"alice": {"battlefield": [{"card": AKROMA, "id": "ak", "face_down": True, "face_down_as": "morph"},
                                            {"card": "Rancor", "attached_to": "ak"}]}}, "Rancor")
    c = one(g, AKROMA)["characteristics"]
    assert (c["power"], c["toughness"]) == (4, 2) and "Trample" in c["keywords"]
    act(g, "turn_face_up", player="alice", object="ak", using="morph")
    assert one(g, "Rancor")["attached_to"] == "ak"
    c = one(g, AKROMA)["characteristics"]
    assert (c["power"], c["toughness"]) == (8, 6)


@pytest.mark.rules("cr.current.declare-attackers", "cr.current.declare-blockers")
def test_pacifism_stops_attacking_and_blocking():
    g = game_with({"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "a"}, {"card": "Pacifism", "attached_to": "a"}]},
                  "bob": {"battlefield": [{"card": "Grizzly Bears", "id": "b"}, {"card": "Pacifism", "attached_to": "b"}]}}, "Pacifism")
    assert refuse(g, "declare_attackers", player="alice", attackers={"a": "bob"})["rule"] == "cr.current.declare-attackers"


@pytest.mark.rules("cr.current.state-based-actions", "cr.current.look-back")
def test_aura_whose_creature_leaves_goes_to_the_graveyard_and_rancor_returns():
    """704.5m puts Rancor into the graveyard; its leaves-the-battlefield trigger (looking back,
    603.10a) returns it to its owner's hand."""
    g = game_with({"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "a"}, {"card": "Rancor", "attached_to": "a"}]}}, "Rancor")
    act(g, "move", object="a", to="graveyard")
    assert one(g, "Rancor", "graveyard")
    assert any(e.get("card") == "Rancor" and e["to"] == "graveyard" for e in events(g, "zone_change"))
    assert events(g, "trigger")[-1]["text"].startswith("When this Aura is put into a graveyard")
    act(g, "resolve")
    assert one(g, "Rancor")["zone"] == "hand"


@pytest.mark.rules("cr.current.casting-spells")
def test_aura_spell_needs_a_legal_target():
    g = game_with({"alice": {"hand": ["Pacifism"]}, "bob": {}}, "Pacifism")
    assert refuse(g, "cast", player="alice", card="Pacifism")["rule"] == "cr.current.casting-spells"
    assert refuse(g, "cast", player="alice", card="Pacifism", targets=["bob"])["rule"] == "cr.current.casting-spells"
