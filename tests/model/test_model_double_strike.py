"""Double strike and first strike (seed 004: 702.4, and 702.7 of the pre-2013 rules): the
first-strike combat damage step, the regular one, and creatures that gain or lose double strike
between them."""

import pytest

from keyword_testkit import attack, block, combat_damage, life, oid, to_end_of_combat
from model_testkit import act, events, new_game, one

FS = "first-strike-damage"
REG = "combat-damage"


def grant(game, card, *keywords, **more):
    act(game, "add_effect", effect={"kind": "abilities", "object": card, "add_keywords": list(keywords), **more})


@pytest.mark.rules("double-strike.a", "double-strike.b", "double-strike.q2", "double-strike.q1", "cr.pre-2013.combat-damage-step")
def test_an_unblocked_double_striker_deals_damage_in_both_steps_with_priority_in_each():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade", "Grizzly Bears"]}})
    attack(g, {"Boros Swiftblade": "bob", "Grizzly Bears": "bob"})
    block(g, {})
    act(g, "pass_priority", player="alice")
    act(g, "pass_priority", player="bob")
    assert g.snapshot()["turn"]["step"] == FS and g.snapshot()["turn"]["priority"] == "alice"
    assert life(g, "bob") == 19  # only the double striker deals damage in the first step
    act(g, "pass_priority", player="alice")
    act(g, "pass_priority", player="bob")
    assert g.snapshot()["turn"]["step"] == REG and g.snapshot()["turn"]["priority"] == "alice"
    assert life(g, "bob") == 16  # 1 (second blow) + 2 (Grizzly Bears)
    swift = oid(g, "Boros Swiftblade")
    assert [(s, st) for s, _, _, st in combat_damage(g) if s == swift] == [(swift, FS), (swift, REG)]


@pytest.mark.rules("double-strike.b", "cr.pre-2013.first-strike", "cr.current.first-strike")
def test_without_first_or_double_strike_there_is_only_one_combat_damage_step():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    attack(g, {"Grizzly Bears": "bob"})
    block(g, {})
    to_end_of_combat(g)
    steps = [e["step"] for e in events(g, "step_begins")]
    assert FS not in steps and REG in steps


@pytest.mark.rules("cr.pre-2013.first-strike", "double-strike.b")
def test_a_first_striker_deals_damage_only_in_the_first_step_and_may_kill_before_the_blocker_strikes():
    g = new_game({"alice": {"battlefield": ["Paladin en-Vec"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    attack(g, {"Paladin en-Vec": "bob"})
    block(g, {"Grizzly Bears": "Paladin en-Vec"})
    to_end_of_combat(g)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"
    assert one(g, "Paladin en-Vec")["damage"] == 0
    assert [st for _, _, _, st in combat_damage(g)] == [FS]


@pytest.mark.rules("double-strike.q1")
def test_a_blocker_that_survives_the_first_blow_strikes_back_with_the_second():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}, "bob": {"battlefield": ["Walking Corpse"]}})
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {"Walking Corpse": "Boros Swiftblade"})
    to_end_of_combat(g)
    swift, corpse = events(g, "attack")[0]["object"], events(g, "block")[0]["object"]
    assert combat_damage(g) == [(swift, corpse, 1, FS), (swift, corpse, 1, REG), (corpse, swift, 2, REG)]
    assert one(g, "Walking Corpse")["zone"] == "graveyard" and one(g, "Boros Swiftblade")["zone"] == "graveyard"


@pytest.mark.rules("double-strike.q1")
def test_a_blocker_killed_by_the_first_blow_deals_no_damage():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}, "bob": {"battlefield": ["Savannah Lions"]}})
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {"Savannah Lions": "Boros Swiftblade"})
    to_end_of_combat(g)
    assert one(g, "Savannah Lions")["zone"] == "graveyard"
    assert one(g, "Boros Swiftblade")["damage"] == 0


@pytest.mark.rules("double-strike.c")
def test_losing_double_strike_in_the_first_step_stops_the_second_blow():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}})
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {})
    act(g, "advance_to", step=FS)
    act(g, "add_effect", effect={"kind": "abilities", "object": "Boros Swiftblade", "remove_keywords": ["Double strike"]})
    to_end_of_combat(g)
    assert life(g, "bob") == 19
    assert [st for _, _, _, st in combat_damage(g)] == [FS]


@pytest.mark.rules("double-strike.d")
def test_a_first_striker_given_double_strike_after_its_first_blow_strikes_again():
    g = new_game({"alice": {"battlefield": ["Paladin en-Vec"]}})
    attack(g, {"Paladin en-Vec": "bob"})
    block(g, {})
    act(g, "advance_to", step=FS)
    assert life(g, "bob") == 18
    grant(g, "Paladin en-Vec", "Double strike")
    to_end_of_combat(g)
    assert life(g, "bob") == 16


@pytest.mark.rules("double-strike.b")
def test_a_creature_without_first_strike_given_double_strike_in_the_first_step_deals_damage_once():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade", "Grizzly Bears"]}})
    attack(g, {"Boros Swiftblade": "bob", "Grizzly Bears": "bob"})
    block(g, {})
    act(g, "advance_to", step=FS)
    grant(g, "Grizzly Bears", "Double strike")  # it had neither as the first step began: it deals damage in the second step
    to_end_of_combat(g)
    bears = oid(g, "Grizzly Bears")
    assert [st for s, _, _, st in combat_damage(g) if s == bears] == [REG]


@pytest.mark.rules("double-strike.e", "double-strike.q6")
def test_multiple_instances_and_first_strike_with_double_strike_are_redundant():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}})
    grant(g, "Boros Swiftblade", "First strike")
    grant(g, "Boros Swiftblade", "Double strike")
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {})
    to_end_of_combat(g)
    assert life(g, "bob") == 18  # exactly two blows, one per step
    assert [st for _, _, _, st in combat_damage(g)] == [FS, REG]


@pytest.mark.rules("double-strike.q3")
def test_a_combat_damage_trigger_of_a_double_striker_triggers_twice():
    sword = {"trigger": "combat_damage_to_player", "effects": [{"effect": "draw", "amount": 1}],
             "text": "Whenever equipped creature deals combat damage to a player, you draw a card (Sword of Fire and Ice, in part)"}
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"], "library": ["Island", "Island", "Island"]}})
    grant(g, "Boros Swiftblade", add_abilities=[sword], until=None)
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {})
    to_end_of_combat(g)
    assert len(events(g, "trigger")) == 2
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 2


@pytest.mark.rules("double-strike.q4")
def test_a_blocked_double_striker_whose_blocker_died_deals_no_damage_to_the_player():
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}, "bob": {"battlefield": ["Savannah Lions"]}})
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {"Savannah Lions": "Boros Swiftblade"})
    act(g, "advance_to", step=REG)
    assert one(g, "Savannah Lions")["zone"] == "graveyard"
    assert g.snapshot()["combat"]["blocked"] == [oid(g, "Boros Swiftblade")]  # it remains blocked
    to_end_of_combat(g)
    assert life(g, "bob") == 20


@pytest.mark.rules("double-strike.q5", "cr.current.trample")
def test_the_rulings_example_double_strike_and_trample():
    # "a 2/1 double strike trample creature attacks and is blocked by a 1/1"
    g = new_game({"alice": {"battlefield": ["Boros Swiftblade"]}, "bob": {"battlefield": ["Llanowar Elves"]}})
    act(g, "pump", object="Boros Swiftblade", power=1, toughness=-1)
    grant(g, "Boros Swiftblade", "Trample")
    attack(g, {"Boros Swiftblade": "bob"})
    block(g, {"Llanowar Elves": "Boros Swiftblade"})
    assert not g.apply({"action": "advance_to", "step": FS, "choices": {"assign_damage": {"Boros Swiftblade": {"bob": 2}}}}).ok
    act(g, "advance_to", step=FS, choices={"assign_damage": {"Boros Swiftblade": {"Llanowar Elves": 1, "bob": 1}}})
    assert life(g, "bob") == 19 and one(g, "Llanowar Elves")["zone"] == "graveyard"
    to_end_of_combat(g)  # no surviving blockers: all of the damage is assigned to the player
    assert life(g, "bob") == 17


@pytest.mark.rules("double-strike.d")
def test_temur_battle_rage_after_the_first_strike_step_gives_a_second_blow():
    g = new_game({"alice": {"battlefield": ["Youthful Knight", "Mountain", "Mountain"], "hand": ["Temur Battle Rage"]}})
    attack(g, {"Youthful Knight": "bob"})
    block(g, {})
    act(g, "advance_to", step=FS)
    act(g, "cast", player="alice", card="Temur Battle Rage", targets=[oid(g, "Youthful Knight")])
    act(g, "resolve")
    to_end_of_combat(g)
    assert life(g, "bob") == 16
