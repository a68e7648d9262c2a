"""Provoke (seed 004: 702.37 pre-2013, today 702.39) and its four rulings."""

import pytest

from keyword_testkit import attack, block, card_zone, life, oid, to_end_of_combat
from model_testkit import act, events, new_game, one, refuse, top_of_stack

ZONES = {"alice": {"battlefield": ["Deftblade Elite"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}, "Walking Corpse"]}}


def provoke(g, attacker, target, **fields):
    attack(g, {attacker: "bob"}, choices={"targets": [target]}, **fields)


@pytest.mark.rules("provoke.a", "provoke.q1")
def test_provoke_untaps_the_target_which_must_block_if_able():
    g = new_game(ZONES)
    provoke(g, "Deftblade Elite", "Grizzly Bears")
    act(g, "resolve")
    assert not one(g, "Grizzly Bears")["tapped"]
    assert refuse(g, "declare_blockers", player="bob", blockers={})["rule"] == "cr.current.declare-blockers"
    block(g, {"Grizzly Bears": "Deftblade Elite"})
    assert g.snapshot()["combat"]["blockers"] == {oid(g, "Grizzly Bears"): oid(g, "Deftblade Elite")}


@pytest.mark.rules("provoke.a")
def test_provoke_targets_only_a_creature_the_defending_player_controls_and_may_be_declined():
    g = new_game({"alice": {"battlefield": ["Deftblade Elite", "Savannah Lions"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]}})
    assert refuse(g, "declare_attackers", player="alice", attackers={"Deftblade Elite": "bob"}, choices={"targets": ["Savannah Lions"]})["rule"] == "provoke.a"
    provoke(g, "Deftblade Elite", "Grizzly Bears")
    act(g, "resolve", choices={"may": False})
    assert one(g, "Grizzly Bears")["tapped"]
    g = new_game({"alice": {"battlefield": ["Deftblade Elite"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    provoke(g, "Deftblade Elite", "Grizzly Bears")
    act(g, "resolve", choices={"may": False})
    block(g, {})  # not provoked: no requirement


@pytest.mark.rules("provoke.b")
def test_each_instance_of_provoke_triggers_separately():
    g = new_game({"alice": {"battlefield": ["Conformance Twin-Provoke Soldier"]},
                  "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}, {"card": "Walking Corpse", "tapped": True}]}})
    attack(g, {"Conformance Twin-Provoke Soldier": "bob"}, choices={"targets": ["Grizzly Bears", "Walking Corpse"]})
    assert len(events(g, "trigger")) == 2
    act(g, "resolve", all=True)
    assert not one(g, "Grizzly Bears")["tapped"] and not one(g, "Walking Corpse")["tapped"]
    assert not g.apply({"action": "declare_blockers", "player": "bob", "blockers": {"Grizzly Bears": "Conformance Twin-Provoke Soldier"}}).ok
    block(g, {"Grizzly Bears": "Conformance Twin-Provoke Soldier", "Walking Corpse": "Conformance Twin-Provoke Soldier"})


@pytest.mark.rules("provoke.q2")
def test_provoke_uses_the_stack_and_can_be_responded_to():
    g = new_game({"alice": {"battlefield": ["Deftblade Elite"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}, "Mountain"], "hand": ["Lightning Bolt"]}})
    provoke(g, "Deftblade Elite", "Grizzly Bears")
    assert top_of_stack(g)["ability"]["text"] == "Provoke"
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Lightning Bolt", targets=[oid(g, "Grizzly Bears")])
    act(g, "resolve", all=True)
    assert card_zone(g, "Grizzly Bears") == "graveyard"
    block(g, {})
    to_end_of_combat(g)
    assert life(g, "bob") == 19


@pytest.mark.rules("provoke.q3")
def test_a_provoked_creature_tapped_again_before_blocks_doesnt_block():
    g = new_game(ZONES)
    provoke(g, "Deftblade Elite", "Grizzly Bears")
    act(g, "resolve")
    act(g, "tap", object="Grizzly Bears")  # its controller uses its {T} ability
    block(g, {})
    to_end_of_combat(g)
    assert life(g, "bob") == 19


@pytest.mark.rules("provoke.q4", "cr.current.flying")
def test_provoke_cant_make_a_creature_block_a_flier_it_couldnt_block():
    g = new_game({"alice": {"battlefield": ["Swooping Talon"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]}})
    provoke(g, "Swooping Talon", "Grizzly Bears")
    act(g, "resolve")
    assert not one(g, "Grizzly Bears")["tapped"]  # it is untapped all the same
    assert refuse(g, "declare_blockers", player="bob", blockers={"Grizzly Bears": "Swooping Talon"})["rule"] == "cr.current.flying"
    block(g, {})


@pytest.mark.rules("provoke.q3")
def test_a_provoked_creature_tapped_by_its_own_ability_doesnt_block():
    g = new_game({"alice": {"battlefield": ["Deftblade Elite"]}, "bob": {"battlefield": [{"card": "Prodigal Sorcerer", "tapped": True}]}})
    provoke(g, "Deftblade Elite", "Prodigal Sorcerer")
    act(g, "resolve")
    act(g, "pass_priority", player="alice")
    act(g, "activate", player="bob", object="Prodigal Sorcerer", targets=["alice"])  # {T}: 1 damage to any target
    act(g, "resolve")
    assert one(g, "Prodigal Sorcerer", "battlefield")["tapped"] and life(g, "alice") == 19
    block(g, {})
    to_end_of_combat(g)
    assert life(g, "bob") == 19


@pytest.mark.rules("provoke.a", "cr.current.declare-blockers")
def test_a_creature_provoked_by_two_attackers_obeys_one_requirement():
    g = new_game({"alice": {"battlefield": ["Deftblade Elite", "Lowland Tracker"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]}})
    attack(g, {"Deftblade Elite": "bob", "Lowland Tracker": "bob"}, choices={"targets": ["Grizzly Bears", "Grizzly Bears"]})
    act(g, "resolve", all=True)
    assert refuse(g, "declare_blockers", player="bob", blockers={})["rule"] == "cr.current.declare-blockers"
    block(g, {"Grizzly Bears": "Lowland Tracker"})  # as many requirements as possible: one
