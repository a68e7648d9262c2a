"""Madness (seed 004: 702.33 pre-2013, today 702.35) and its nine rulings. The model follows the
spec's reading of madness.a: the current rule, where a discarded card with madness is always
exiled and its owner chooses whether to cast it as the madness trigger resolves."""

import pytest

from keyword_testkit import card_zone
from model_testkit import act, events, new_game, one, refuse, top_of_stack

CAST_WURM = {"cast": {"card": "Arrogant Wurm", "alt_cost": "madness"}}


def discard(g, card, player="alice", **fields):
    return act(g, "discard", player=player, object=card, **fields)


@pytest.mark.rules("madness.a", "madness.b", "madness.q1", "cr.current.discard")
def test_a_discarded_card_with_madness_is_exiled_and_may_be_cast_for_its_madness_cost():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}})
    discard(g, "Arrogant Wurm")
    assert card_zone(g, "Arrogant Wurm") == "exile"
    assert top_of_stack(g)["ability"]["text"] == "Madness"
    act(g, "resolve", choices=CAST_WURM)
    spell = top_of_stack(g)
    assert spell["card"] == "Arrogant Wurm" and spell["spell"]["alternative_cost"] == "madness" and spell["spell"]["cast"]
    cast = events(g, "cast")[-1]
    assert cast["from"] == "exile" and cast["cost"] == "{2}{G}"
    act(g, "resolve")
    assert card_zone(g, "Arrogant Wurm") == "battlefield"


@pytest.mark.rules("madness.a", "madness.q3")
def test_a_card_not_cast_goes_to_the_graveyard_and_cant_be_cast_with_madness_later():
    g = new_game({"alice": {"hand": ["Fiery Temper"]}})
    discard(g, "Fiery Temper")
    act(g, "resolve")  # no answer: the owner doesn't cast it
    assert card_zone(g, "Fiery Temper") == "graveyard"
    assert refuse(g, "cast", player="alice", card="Fiery Temper", alternative_cost="madness", targets=["bob"])["rule"] == "madness.b"


@pytest.mark.rules("madness.q2", "madness.a")
def test_madness_gives_no_way_to_cast_a_card_without_a_discard():
    g = new_game({"alice": {"hand": ["Fiery Temper"]}})
    assert refuse(g, "cast", player="alice", card="Fiery Temper", alternative_cost="madness", targets=["bob"])["rule"] == "madness.b"
    g = new_game({"alice": {"hand": ["Fiery Temper"]}})
    discard(g, "Fiery Temper")
    exiled = one(g, "Fiery Temper", "exile")["id"]
    # only as the trigger resolves: not while it waits on the stack
    assert refuse(g, "cast", player="alice", card=exiled, alternative_cost="madness", targets=["bob"])["rule"] == "madness.a"


@pytest.mark.rules("madness.q4", "cr.current.mana-value")
def test_a_spell_cast_for_its_madness_cost_keeps_its_mana_cost_and_mana_value():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}})
    discard(g, "Arrogant Wurm")
    act(g, "resolve", choices=CAST_WURM)
    values = top_of_stack(g)["characteristics"]
    assert values["mana_cost"] == "{3}{G}{G}" and values["mana_value"] == 5


@pytest.mark.rules("madness.q5", "madness.b", "cr.pre-2013.total-cost")
def test_cost_changes_apply_to_the_madness_cost():
    for generic, expected in ((1, "{3}{G}"), (-1, "{1}{G}")):
        g = new_game({"alice": {"hand": ["Arrogant Wurm"]}}, effects=[{"kind": "cost_modifier", "generic": generic}])
        discard(g, "Arrogant Wurm")
        act(g, "resolve", choices=CAST_WURM)
        assert events(g, "cast")[-1]["cost"] == expected


@pytest.mark.rules("madness.q6")
def test_a_card_discarded_to_pay_a_cost_can_be_cast_with_madness():
    g = new_game({"alice": {"hand": ["Ichor Slick"], "library": ["Island"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    act(g, "activate", player="alice", object="Ichor Slick", ability="cycling")  # {2}, discard this card: draw a card
    assert card_zone(g, "Ichor Slick") == "exile"
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "resolve", choices={"cast": {"card": "Ichor Slick", "targets": [bears]}})
    assert events(g, "cast")[-1]["cost"] == "{3}{B}"
    act(g, "resolve", all=True)
    assert card_zone(g, "Grizzly Bears") == "graveyard" and card_zone(g, "Ichor Slick") == "graveyard"
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 1  # cycling's draw
    g = new_game({"alice": {"hand": ["Arrogant Wurm"], "battlefield": ["Wild Mongrel"]}})
    act(g, "activate", player="alice", object="Wild Mongrel", discard="Arrogant Wurm")
    act(g, "resolve", choices=CAST_WURM)
    act(g, "resolve", all=True)
    assert card_zone(g, "Arrogant Wurm") == "battlefield"
    assert one(g, "Wild Mongrel")["characteristics"]["power"] == 3


@pytest.mark.rules("madness.q7")
def test_a_creature_card_with_madness_can_be_cast_on_an_opponents_turn():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}}, turn={"active": "bob", "step": "end", "priority": "bob"})
    discard(g, "Arrogant Wurm")
    act(g, "resolve", choices=CAST_WURM)
    act(g, "resolve")
    assert card_zone(g, "Arrogant Wurm") == "battlefield"


@pytest.mark.rules("madness.q8")
def test_a_madness_card_never_reaches_the_graveyard_but_still_counts_as_discarded():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}, "bob": {"battlefield": ["Megrim"]}})
    card = one(g, "Arrogant Wurm")["id"]
    discard(g, "Arrogant Wurm")
    moved = [e for e in events(g, "zone_change") if e["object"] == card]
    assert [(e["from"], e["to"], e["replacements"]) for e in moved] == [("hand", "exile", ["madness"])]
    assert events(g, "discard")[-1]["player"] == "alice"
    assert len(g.snapshot()["stack"]) == 2  # the madness trigger and Megrim's trigger
    act(g, "resolve", all=True, choices=CAST_WURM)
    assert g.snapshot()["players"]["alice"]["life"] == 18


@pytest.mark.rules("madness.q8")
def test_a_madness_card_removed_from_exile_in_response_cant_be_cast():
    g = new_game({"alice": {"hand": ["Arrogant Wurm"]}})
    discard(g, "Arrogant Wurm")
    act(g, "move", object="Arrogant Wurm", **{"from": "exile"}, to="graveyard")  # the opponent removes it from exile in response
    act(g, "resolve", choices=CAST_WURM)
    assert card_zone(g, "Arrogant Wurm") == "graveyard" and events(g, "cast") == []


@pytest.mark.rules("madness.q9")
def test_no_land_or_sorcery_speed_spell_between_the_discard_and_the_madness_cast():
    g = new_game({"alice": {"hand": ["Arrogant Wurm", "Forest", "Grizzly Bears"]}})
    discard(g, "Arrogant Wurm")
    assert refuse(g, "play_land", player="alice", object="Forest")["rule"] == "cr.current.special-actions"
    assert refuse(g, "cast", player="alice", card="Grizzly Bears")["rule"] == "cr.current.casting-spells"


@pytest.mark.rules("madness.a", "madness.q1")
def test_two_madness_cards_discarded_by_an_effect_each_may_be_cast():
    g = new_game({"alice": {"hand": ["Mind Rot"]}, "bob": {"hand": ["Fiery Temper", "Basking Rootwalla", "Forest"]}})
    act(g, "cast", player="alice", card="Mind Rot", targets=["bob"])
    act(g, "resolve", choices={"discard": ["Fiery Temper", "Basking Rootwalla"]})
    assert card_zone(g, "Forest") == "hand" and card_zone(g, "Fiery Temper") == "exile"
    act(g, "resolve", all=True, choices={"cast": [{"card": "Fiery Temper", "targets": ["alice"]}, {"card": "Basking Rootwalla"}]})
    assert g.snapshot()["players"]["alice"]["life"] == 17
    assert card_zone(g, "Basking Rootwalla") == "battlefield" and one(g, "Basking Rootwalla", "battlefield")["controller"] == "bob"


@pytest.mark.rules("madness.q6", "madness.q7")
def test_a_card_discarded_to_hand_size_in_cleanup_can_be_cast_with_madness():
    g = new_game({"alice": {"hand": ["Basking Rootwalla"] + ["Island"] * 7}}, turn={"active": "alice", "step": "end"})
    act(g, "advance_to", step="cleanup", choices={"discard": ["Basking Rootwalla"]})
    assert g.snapshot()["turn"]["step"] == "cleanup" and g.snapshot()["turn"]["priority"] == "alice"
    act(g, "resolve", all=True, choices={"cast": {"card": "Basking Rootwalla"}})
    assert card_zone(g, "Basking Rootwalla") == "battlefield"
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 7
