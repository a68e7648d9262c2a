"""Flashback (seed 004: 702.32 pre-2013, today 702.34) and its six rulings."""

import pytest

from model_testkit import act, events, new_game, one, refuse, top_of_stack


def flashback(g, card, player="alice", **fields):
    return act(g, "cast", player=player, card=card, alternative_cost="flashback", **fields)["value"]


def moves_of(g, spell):
    return [e for e in events(g, "zone_change") if e["object"] == spell]


@pytest.mark.rules("flashback.a", "flashback.q1", "cr.pre-2013.announce")
def test_flashback_casts_a_card_from_the_graveyard_and_exiles_it_as_it_resolves():
    g = new_game({"alice": {"graveyard": ["Firebolt"], "hand": ["Lightning Bolt"]}})
    spell = flashback(g, "Firebolt", targets=["bob"])
    assert events(g, "cast")[-1]["from"] == "graveyard" and events(g, "cast")[-1]["alternative_cost"] == "flashback"
    act(g, "resolve")
    assert g.snapshot()["players"]["bob"]["life"] == 18
    assert one(g, "Firebolt")["zone"] == "exile"
    assert moves_of(g, spell)[0]["replacements"] == ["flashback"]


@pytest.mark.rules("flashback.a")
def test_flashback_works_only_from_the_graveyard_and_only_with_flashback():
    g = new_game({"alice": {"hand": ["Firebolt"], "graveyard": ["Think Twice"]}})
    assert refuse(g, "cast", player="alice", card="Firebolt", alternative_cost="flashback", targets=["bob"])["rule"] == "flashback.a"
    assert refuse(g, "cast", player="alice", card="Think Twice")["rule"] == "cr.current.casting-spells"
    act(g, "cast", player="alice", card="Firebolt", targets=["bob"])  # cast normally, it goes to the graveyard
    act(g, "resolve")
    assert one(g, "Firebolt")["zone"] == "graveyard"


@pytest.mark.rules("flashback.q2", "flashback.a")
def test_flashback_doesnt_change_when_a_card_may_be_cast():
    g = new_game({"alice": {"graveyard": ["Firebolt", "Think Twice"], "library": ["Island"]}}, turn={"active": "bob", "priority": "bob"})
    act(g, "pass_priority", player="bob")
    assert refuse(g, "cast", player="alice", card="Firebolt", alternative_cost="flashback", targets=["bob"])["rule"] == "cr.current.casting-spells"
    flashback(g, "Think Twice")  # an instant: any time alice has priority
    g = new_game({"alice": {"graveyard": ["Firebolt"], "hand": ["Lightning Bolt"]}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    assert refuse(g, "cast", player="alice", card="Firebolt", alternative_cost="flashback", targets=["bob"])["rule"] == "cr.current.casting-spells"


@pytest.mark.rules("flashback.q3", "cr.current.mana-value")
def test_a_flashed_back_spell_keeps_its_printed_mana_cost_and_mana_value():
    g = new_game({"alice": {"graveyard": ["Firebolt"]}})
    flashback(g, "Firebolt", targets=["bob"])
    assert events(g, "cast")[-1]["cost"] == "{4}{R}"
    values = top_of_stack(g)["characteristics"]
    assert values["mana_cost"] == "{R}" and values["mana_value"] == 1


@pytest.mark.rules("flashback.q4", "cr.pre-2013.total-cost")
def test_cost_increases_and_reductions_apply_to_the_flashback_cost():
    for generic, expected in ((1, "{5}{R}"), (-2, "{2}{R}")):
        g = new_game({"alice": {"graveyard": ["Firebolt"]}}, effects=[{"kind": "cost_modifier", "generic": generic}])
        flashback(g, "Firebolt", targets=["bob"])
        assert events(g, "cast")[-1]["cost"] == expected


@pytest.mark.rules("flashback.q5", "flashback.a")
def test_a_flashed_back_spell_that_is_countered_is_exiled():
    g = new_game({"alice": {"graveyard": ["Firebolt"]}, "bob": {"hand": ["Counterspell"]}})
    spell = flashback(g, "Firebolt", targets=["bob"])
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[spell])
    act(g, "resolve", all=True)
    assert one(g, "Firebolt")["zone"] == "exile" and g.snapshot()["players"]["bob"]["life"] == 20
    assert moves_of(g, spell)[0]["replacements"] == ["flashback"]


@pytest.mark.rules("flashback.q6")
def test_a_flashed_back_spell_sent_to_hand_or_library_is_exiled_instead():
    g = new_game({"alice": {"graveyard": ["Firebolt"]}, "bob": {"hand": ["Remand"], "library": ["Island"]}})
    spell = flashback(g, "Firebolt", targets=["bob"])
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Remand", targets=[spell])
    act(g, "resolve")
    assert one(g, "Firebolt")["zone"] == "exile"
    g = new_game({"alice": {"graveyard": ["Firebolt"]}})
    spell = flashback(g, "Firebolt", targets=["bob"])
    act(g, "counter", object=spell, to="library")  # Hinder: on the top or bottom of its owner's library
    assert one(g, "Firebolt")["zone"] == "exile"
    assert moves_of(g, spell)[0]["replacements"] == ["flashback"]


@pytest.mark.rules("flashback.q6")
def test_an_effect_that_exiles_a_flashed_back_spell_works_without_flashbacks_replacement():
    g = new_game({"alice": {"graveyard": ["Firebolt"]}, "bob": {"hand": ["Spelljack"]}})
    spell = flashback(g, "Firebolt", targets=["bob"])
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Spelljack", targets=[spell])
    act(g, "resolve")
    assert one(g, "Firebolt")["zone"] == "exile"
    assert moves_of(g, spell)[0]["replacements"] == []  # it was going to exile anyway (Eye of the Storm, Spelljack)
