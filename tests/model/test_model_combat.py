"""Combat (506-511) in the reference model: declaring attackers and blockers with their
restrictions and requirements, combat damage assignment, trample, removal from combat."""

import pytest

from keyword_testkit import attack, block, combat_damage, life, oid, to_end_of_combat
from model_testkit import act, new_game, one, refuse


@pytest.mark.rules("cr.current.declare-attackers", "cr.current.combat-damage")
def test_an_unblocked_attacker_deals_its_damage_to_the_player_it_attacks():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    attack(g, {"Grizzly Bears": "bob"})
    assert one(g, "Grizzly Bears")["tapped"]  # 508.1f: attacking creatures become tapped
    assert g.snapshot()["turn"] == {"number": 1, "active": "alice", "step": "declare-attackers", "priority": "alice"}
    block(g, {})
    to_end_of_combat(g)
    assert life(g, "bob") == 18
    assert [(t, a) for _, t, a, _ in combat_damage(g)] == [("bob", 2)]


@pytest.mark.rules("cr.current.declare-attackers")
def test_tapped_or_newly_arrived_creatures_and_the_non_active_player_cant_attack():
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}], "hand": ["Savannah Lions"]},
                  "bob": {"battlefield": ["Elite Vanguard"]}})
    assert refuse(g, "declare_attackers", player="alice", attackers={"Grizzly Bears": "bob"})["rule"] == "cr.current.declare-attackers"
    assert refuse(g, "declare_attackers", player="bob", attackers={"Elite Vanguard": "alice"})["rule"] == "cr.current.declare-attackers"
    act(g, "cast", player="alice", card="Savannah Lions")
    act(g, "resolve")
    assert refuse(g, "declare_attackers", player="alice", attackers={"Savannah Lions": "bob"})["rule"] == "cr.current.declare-attackers"
    assert refuse(g, "declare_attackers", player="alice", attackers={"Elite Vanguard": "bob"})["rule"] == "cr.current.declare-attackers"
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "sick": True}]}})
    assert refuse(g, "declare_attackers", player="alice", attackers={"Grizzly Bears": "bob"})["rule"] == "cr.current.declare-attackers"


@pytest.mark.rules("cr.current.declare-attackers")
def test_with_no_attackers_the_blockers_and_damage_steps_are_skipped():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    attack(g, {})
    act(g, "pass_priority", player="alice")
    act(g, "pass_priority", player="bob")
    assert g.snapshot()["turn"]["step"] == "end-of-combat"


@pytest.mark.rules("cr.current.declare-blockers", "cr.current.combat-damage", "cr.current.state-based-actions")
def test_blocked_and_blocking_creatures_deal_damage_to_each_other():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Elite Vanguard"]}})
    attack(g, {"Grizzly Bears": "bob"})
    block(g, {"Elite Vanguard": "Grizzly Bears"})
    assert g.snapshot()["combat"]["blocked"] == [oid(g, "Grizzly Bears")]
    bears, vanguard = one(g, "Grizzly Bears"), one(g, "Elite Vanguard")
    assert (bears["attacking"], bears["blocked"], vanguard["blocking"], vanguard["attacking"]) == (True, True, True, False)
    to_end_of_combat(g)
    assert life(g, "bob") == 20
    assert one(g, "Elite Vanguard")["zone"] == "graveyard"
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"  # 2 damage from a 2/1 to a 2/2


@pytest.mark.rules("cr.current.declare-blockers")
def test_only_the_defending_player_blocks_with_untapped_creatures_one_attacker_each():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears", "Savannah Lions"]},
                  "bob": {"battlefield": [{"card": "Elite Vanguard", "tapped": True}, "Walking Corpse"]}})
    attack(g, {"Grizzly Bears": "bob"})
    assert not refuse(g, "declare_blockers", player="alice", blockers={})["ok"]
    assert refuse(g, "declare_blockers", player="bob", blockers={"Elite Vanguard": "Grizzly Bears"})["rule"] == "cr.current.declare-blockers"
    assert refuse(g, "declare_blockers", player="bob", blockers={"Walking Corpse": "Savannah Lions"})["rule"] == "cr.current.declare-blockers"
    block(g, {"Walking Corpse": "Grizzly Bears"})


@pytest.mark.rules("cr.current.flying")
def test_a_creature_with_flying_can_be_blocked_only_by_flying_or_reach():
    g = new_game({"alice": {"battlefield": ["Suntail Hawk"]}, "bob": {"battlefield": ["Grizzly Bears", "Ornithopter"]}})
    attack(g, {"Suntail Hawk": "bob"})
    assert refuse(g, "declare_blockers", player="bob", blockers={"Grizzly Bears": "Suntail Hawk"})["rule"] == "cr.current.flying"
    block(g, {"Ornithopter": "Suntail Hawk"})


@pytest.mark.rules("cr.current.trample", "cr.current.combat-damage")
def test_trample_assigns_lethal_damage_to_the_blocker_and_the_rest_to_the_player():
    g = new_game({"alice": {"battlefield": ["Arrogant Wurm"]}, "bob": {"battlefield": ["Savannah Lions"]}})
    attack(g, {"Arrogant Wurm": "bob"})
    block(g, {"Savannah Lions": "Arrogant Wurm"})
    bad = {"assign_damage": {"Arrogant Wurm": {"Savannah Lions": 0, "bob": 4}}}
    assert refuse(g, "advance_to", step="end-of-combat", choices=bad)["rule"] == "cr.current.trample"
    to_end_of_combat(g, assign_damage={"Arrogant Wurm": {"Savannah Lions": 1, "bob": 3}})
    assert life(g, "bob") == 17
    assert one(g, "Savannah Lions")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.trample", "cr.current.combat-damage")
def test_without_trample_a_blocked_creature_assigns_no_damage_to_the_player():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Ornithopter"]}})
    attack(g, {"Grizzly Bears": "bob"})
    block(g, {"Ornithopter": "Grizzly Bears"})
    bad = {"assign_damage": {"Grizzly Bears": {"Ornithopter": 1, "bob": 1}}}
    assert refuse(g, "advance_to", step="end-of-combat", choices=bad)["rule"] == "cr.current.trample"
    to_end_of_combat(g)
    assert life(g, "bob") == 20
    assert one(g, "Ornithopter")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.combat-damage")
def test_2016_damage_assignment_order_lethal_damage_before_the_next_blocker():
    zones = {"alice": {"battlefield": ["Enormous Baloth"]}, "bob": {"battlefield": ["Grizzly Bears", "Savannah Lions"]}}
    g = new_game(zones)  # default edition 2016-04-08: 509.2 damage assignment order
    attack(g, {"Enormous Baloth": "bob"})
    block(g, {"Grizzly Bears": "Enormous Baloth", "Savannah Lions": "Enormous Baloth"},
          choices={"damage_order": {"Enormous Baloth": ["Grizzly Bears", "Savannah Lions"]}})
    skip = {"assign_damage": {"Enormous Baloth": {"Grizzly Bears": 1, "Savannah Lions": 6}}}
    assert refuse(g, "advance_to", step="end-of-combat", choices=skip)["rule"] == "cr.current.combat-damage"
    to_end_of_combat(g, assign_damage={"Enormous Baloth": {"Grizzly Bears": 2, "Savannah Lions": 5}})
    assert one(g, "Grizzly Bears")["zone"] == one(g, "Savannah Lions")["zone"] == "graveyard"
    g = new_game(zones, edition="2026-08-07")  # current rules: no order, damage divided freely
    attack(g, {"Enormous Baloth": "bob"})
    block(g, {"Grizzly Bears": "Enormous Baloth", "Savannah Lions": "Enormous Baloth"})
    to_end_of_combat(g, assign_damage={"Enormous Baloth": {"Grizzly Bears": 1, "Savannah Lions": 6}})
    assert one(g, "Grizzly Bears")["zone"] == "battlefield"
    assert one(g, "Savannah Lions")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.declare-attackers", "cr.current.declare-blockers")
def test_creatures_are_removed_from_combat_when_it_ends_or_when_they_leave():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears", "Savannah Lions"]}, "bob": {"battlefield": ["Walking Corpse"]}})
    attack(g, {"Grizzly Bears": "bob", "Savannah Lions": "bob"})
    act(g, "move", object="Savannah Lions", to="hand")
    assert list(g.snapshot()["combat"]["attackers"]) in ([oid(g, "Grizzly Bears")], [])
    block(g, {"Walking Corpse": "Grizzly Bears"})
    to_end_of_combat(g)
    assert life(g, "bob") == 20
    act(g, "advance_to", step="postcombat-main")
    assert g.snapshot()["combat"] == {"attackers": {}, "blockers": {}, "blocked": []}


@pytest.mark.rules("cr.current.protection")
def test_protection_from_a_color_stops_blocks_by_and_damage_from_that_color():
    g = new_game({"alice": {"battlefield": ["Paladin en-Vec"]}, "bob": {"battlefield": ["Walking Corpse", "Grizzly Bears"]}})
    attack(g, {"Paladin en-Vec": "bob"})
    assert refuse(g, "declare_blockers", player="bob", blockers={"Walking Corpse": "Paladin en-Vec"})["rule"] == "cr.current.protection"
    block(g, {"Grizzly Bears": "Paladin en-Vec"})
    act(g, "add_effect", effect={"kind": "set_colors", "object": "Grizzly Bears", "colors": ["R"]})
    to_end_of_combat(g)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"  # first strike: 2 damage before it deals any
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Paladin en-Vec"]}})
    attack(g, {"Grizzly Bears": "bob"})
    act(g, "add_effect", effect={"kind": "set_colors", "object": "Grizzly Bears", "colors": ["R"]})
    block(g, {"Paladin en-Vec": "Grizzly Bears"})
    to_end_of_combat(g)
    assert one(g, "Paladin en-Vec")["damage"] == 0  # damage from a red source is prevented
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"
