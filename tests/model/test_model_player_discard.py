"""A player's discard (701.9) is legal only when a rule or effect tells that player to discard
(madness.q2: "You can't discard something just because you feel like it ... there has to be some
rule or some card that's allowing you to do so")."""

import pytest

from keyword_testkit import card_zone
from model_testkit import act, events, new_game, refuse, top_of_stack


@pytest.mark.rules("madness.q2", "cr.current.discard")
def test_a_player_cant_discard_at_will():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"], "battlefield": ["Forest", "Forest", "Forest"]}})
    refused = refuse(g, "player_discard", player="alice", cards=["Arrogant Wurm"])
    assert refused["rule"] == "madness.q2"
    assert card_zone(g, "Arrogant Wurm") == "hand"


@pytest.mark.rules("madness.q2", "madness.a", "madness.q6", "cr.current.discard")
def test_a_player_told_to_discard_chooses_the_card_and_madness_applies():
    g = new_game({"alice": {"hand": ["Arrogant Wurm", "Forest"]}})
    act(g, "instruct_discard", player="alice", count=1, source="Mind Rot")
    act(g, "player_discard", player="alice", cards=["Arrogant Wurm"])
    assert card_zone(g, "Arrogant Wurm") == "exile" and card_zone(g, "Forest") == "hand"
    assert events(g, "discard")[-1]["player"] == "alice"
    assert top_of_stack(g)["ability"]["text"] == "Madness"
    # the instruction is used up: a second discard is at will again
    assert refuse(g, "player_discard", player="alice", cards=["Forest"])["rule"] == "madness.q2"


@pytest.mark.rules("cr.current.discard")
def test_the_player_discards_as_many_cards_as_told_and_only_from_their_hand():
    g = new_game({"alice": {"hand": ["Forest", "Island", "Mountain"]}, "bob": {"hand": ["Swamp"]}})
    act(g, "instruct_discard", player="alice", count=2)
    assert refuse(g, "player_discard", player="alice", cards=["Forest"])["rule"] == "cr.current.discard"
    refuse(g, "player_discard", player="alice", cards=["Forest", "Swamp"])
    assert refuse(g, "player_discard", player="bob", cards=["Swamp"])["rule"] == "madness.q2"
    act(g, "player_discard", player="alice", cards=["Forest", "Island"])
    assert card_zone(g, "Forest") == "graveyard" and card_zone(g, "Island") == "graveyard" and card_zone(g, "Mountain") == "hand"


@pytest.mark.rules("cr.current.discard")
def test_with_fewer_cards_than_told_the_player_discards_their_hand():
    g = new_game({"alice": {"hand": ["Forest"]}})
    act(g, "instruct_discard", player="alice", count=2)
    act(g, "player_discard", player="alice", cards=["Forest"])
    assert card_zone(g, "Forest") == "graveyard"


@pytest.mark.rules("cr.current.discard")
def test_the_game_waits_for_the_discard_choice():
    g = new_game({"alice": {"hand": ["Forest", "Grizzly Bears"]}})
    act(g, "instruct_discard", player="alice")
    assert refuse(g, "play_land", player="alice", object="Forest")["rule"] == "cr.current.discard"
    assert refuse(g, "pass_priority", player="alice")["rule"] == "cr.current.discard"
    act(g, "player_discard", player="alice", cards=["Grizzly Bears"])
    act(g, "play_land", player="alice", object="Forest")


@pytest.mark.rules("madness.a", "madness.q6")
def test_the_test_effect_discard_still_discards_at_once():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}})
    act(g, "discard", player="alice", object="Arrogant Wurm")
    assert card_zone(g, "Arrogant Wurm") == "exile"
