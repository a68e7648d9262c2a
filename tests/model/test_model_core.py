"""The core: casting (601.2), priority (117), resolution (608), countering (701.6), state-based
actions (704), zone changes (400.7), replacement effects (614/616), copies (707), face-down
(morph, manifest), and refusals of illegal actions."""

import pytest

from model_testkit import act, chars, events, new_game, objects, one, refuse, top_of_stack


@pytest.mark.rules("cr.current.casting-spells", "cr.current.priority")
def test_only_the_player_with_priority_may_cast():
    g = new_game({"bob": {"hand": ["Lightning Bolt"]}})
    assert refuse(g, "cast", player="bob", card="Lightning Bolt", targets=["alice"])["rule"] == "cr.current.priority"
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Lightning Bolt", targets=["alice"])
    assert g.snapshot()["turn"]["priority"] == "bob"


@pytest.mark.rules("cr.current.casting-spells")
def test_a_sorcery_speed_spell_needs_an_empty_stack():
    g = new_game({"alice": {"hand": ["Grizzly Bears", "Lightning Bolt"]}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    assert refuse(g, "cast", player="alice", card="Grizzly Bears")["rule"] == "cr.current.casting-spells"


@pytest.mark.rules("cr.current.casting-spells", "cr.pre-2013.pay")
def test_a_spell_that_cant_be_paid_is_refused_and_nothing_changes():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}}, players={"alice": {"mana_pool": {"G": 1}}, "bob": {}})
    assert refuse(g, "cast", player="alice", card="Grizzly Bears")["rule"] == "cr.pre-2013.pay"
    assert one(g, "Grizzly Bears")["zone"] == "hand"


def test_malformed_and_unknown_actions_are_refused_not_crashes():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}})
    assert refuse(g, "fly_to_the_moon")["reason"].startswith("malformed action")
    assert refuse(g, "cast", player="alice", card="Nothing Such")["reason"].startswith("no object")
    assert refuse(g, "cast", player="alice", card="Grizzly Bears", half=3)["reason"].startswith("malformed action")


@pytest.mark.rules("cr.current.all-pass", "cr.current.resolving-spells", "cr.current.permanent-spell-resolves")
def test_all_players_passing_in_succession_resolves_the_top_object():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Grizzly Bears")
    act(g, "pass_priority", player="alice")
    assert one(g, "Grizzly Bears")["zone"] == "stack"
    act(g, "pass_priority", player="bob")
    assert one(g, "Grizzly Bears")["zone"] == "battlefield"
    assert g.snapshot()["turn"]["priority"] == "alice"


@pytest.mark.rules("cr.current.new-object")
def test_a_zone_change_makes_a_new_object():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}})
    before = one(g, "Grizzly Bears")["id"]
    act(g, "cast", player="alice", card="Grizzly Bears")
    on_stack = one(g, "Grizzly Bears")["id"]
    act(g, "resolve")
    on_battlefield = one(g, "Grizzly Bears")["id"]
    assert len({before, on_stack, on_battlefield}) == 3
    act(g, "pump", object=on_battlefield, power=1, toughness=1)
    act(g, "move", object=on_battlefield, to="hand")
    act(g, "put_onto_battlefield", object="Grizzly Bears")
    assert chars(g, "Grizzly Bears", "battlefield")["power"] == 2  # the old effect doesn't follow


@pytest.mark.rules("cr.current.counter")
def test_a_countered_spell_goes_to_its_owners_graveyard():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}, "bob": {"hand": ["Counterspell"]}})
    spell = act(g, "cast", player="alice", card="Grizzly Bears")["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[spell])
    act(g, "resolve", all=True)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"
    assert one(g, "Counterspell")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.state-based-actions")
def test_state_based_actions_lethal_damage_zero_toughness_zero_life():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears", "Elite Vanguard"]}})
    act(g, "damage", target="Grizzly Bears", amount=2)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"
    act(g, "pump", object="Elite Vanguard", power=0, toughness=-1)
    assert one(g, "Elite Vanguard")["zone"] == "graveyard"
    act(g, "life", player="bob", amount=-20)
    assert g.snapshot()["players"]["bob"]["lost"]


@pytest.mark.rules("cr.current.replacement-effects", "cr.current.replacement-order")
def test_replacement_effects_modify_a_zone_change_and_the_player_chooses_the_order():
    effects = [{"kind": "replacement", "name": "to exile", "to": "graveyard", "instead": "exile"},
               {"kind": "replacement", "name": "to library", "to": "graveyard", "instead": "library"}]
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}}, effects=effects)
    act(g, "move", object="Grizzly Bears", to="graveyard", replacement_order=["to library"])
    assert one(g, "Grizzly Bears")["zone"] == "library"
    assert events(g, "zone_change")[-1]["replacements"] == ["to library"]


@pytest.mark.rules("cr.current.total-cost", "cr.current.generic-reduction")
def test_cost_increases_and_reductions_change_the_total_cost():
    g = new_game({"alice": {"hand": ["Grizzly Bears", "Lightning Bolt"]}},
                 effects=[{"kind": "cost_modifier", "generic": -2, "player": "alice"}])
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    assert events(g, "cast")[-1]["cost"] == "{R}"  # only generic mana is reduced
    act(g, "resolve")
    act(g, "cast", player="alice", card="Grizzly Bears")
    assert events(g, "cast")[-1]["cost"] == "{G}"
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}}, effects=[{"kind": "cost_modifier", "generic": 2}])
    act(g, "cast", player="alice", card="Grizzly Bears")
    assert events(g, "cast")[-1]["cost"] == "{3}{G}"


@pytest.mark.rules("cr.current.copy-of-spell", "storm.q2")
def test_a_copy_of_a_spell_is_not_cast_and_ceases_to_exist_off_the_stack():
    g = new_game({"alice": {"hand": ["Lightning Bolt"]}})
    spell = act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])["value"]
    act(g, "copy_spell", object=spell, count=2)
    assert g.snapshot()["players"]["alice"]["spells_cast_this_turn"] == 1
    assert [o["spell"]["cast"] for o in objects(g, "Lightning Bolt", "stack")].count(False) == 2
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 11
    assert len(objects(g, "Lightning Bolt")) == 1  # only the card, in the graveyard
    assert len(events(g, "ceased_to_exist")) == 2


@pytest.mark.rules("storm.a")
def test_storm_copies_for_each_other_spell_cast_this_turn():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Grapeshot"]}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    act(g, "resolve")
    act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])
    trigger = top_of_stack(g)
    assert trigger["ability"]["text"] == "Storm" and trigger["characteristics"] is None
    act(g, "resolve")
    assert sorted(o["copy"] for o in objects(g, "Grapeshot", "stack")) == [False, True]
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 15


@pytest.mark.rules("flashback.a", "flashback.q5")
def test_a_flashed_back_spell_that_is_countered_is_exiled():
    g = new_game({"alice": {"graveyard": ["Firebolt"]}, "bob": {"hand": ["Counterspell"]}})
    r = refuse(g, "cast", player="alice", card="Firebolt", targets=["bob"])
    assert r["rule"] == "cr.current.casting-spells"
    spell = act(g, "cast", player="alice", card="Firebolt", targets=["bob"], alternative_cost="flashback")["value"]
    assert events(g, "cast")[-1]["cost"] == "{4}{R}"
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[spell])
    act(g, "resolve", all=True)
    assert one(g, "Firebolt")["zone"] == "exile"
    assert [e for e in events(g, "zone_change") if e["object"] == spell][0]["replacements"] == ["flashback"]


@pytest.mark.rules("flashback.q6")
def test_flashback_exiles_a_spell_returned_to_hand_but_doesnt_replace_an_exile():
    g = new_game({"alice": {"graveyard": ["Think Twice"]}, "bob": {"hand": ["Remand", "Spelljack"]}})
    spell = act(g, "cast", player="alice", card="Think Twice", alternative_cost="flashback")["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Remand", targets=[spell])
    act(g, "resolve")
    assert one(g, "Think Twice")["zone"] == "exile"
    g = new_game({"alice": {"graveyard": ["Think Twice"]}, "bob": {"hand": ["Spelljack"]}})
    spell = act(g, "cast", player="alice", card="Think Twice", alternative_cost="flashback")["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Spelljack", targets=[spell])
    act(g, "resolve")
    assert one(g, "Think Twice")["zone"] == "exile"
    assert [e for e in events(g, "zone_change") if e["object"] == spell][0]["replacements"] == []


@pytest.mark.rules("flashback.q6", "cr.current.replacement-order")
def test_flashback_and_another_exile_replacement_both_end_in_exile_whatever_the_order():
    effects = [{"kind": "replacement", "name": "Rest in Peace", "to": "graveyard", "instead": "exile"}]
    for order in (["flashback"], ["Rest in Peace"]):
        g = new_game({"alice": {"graveyard": ["Firebolt"]}}, effects=effects)
        spell = act(g, "cast", player="alice", card="Firebolt", targets=["bob"], alternative_cost="flashback")["value"]
        act(g, "counter", object=spell)
        assert one(g, "Firebolt")["zone"] == "exile"


@pytest.mark.rules("morph.a", "morph.b", "morph.q2")
def test_casting_face_down_with_morph_for_3():
    g = new_game({"alice": {"hand": ["Exalted Angel"]}})
    act(g, "cast", player="alice", card="Exalted Angel", face_down=True, alternative_cost="morph")
    spell = top_of_stack(g)
    assert events(g, "cast")[-1]["cost"] == "{3}"
    c = spell["characteristics"]
    assert spell["face_down"] and c["names"] == [] and c["mana_cost"] is None and c["mana_value"] == 0
    assert (c["power"], c["toughness"]) == (2, 2) and c["subtypes"] == [] and c["colors"] == [] and c["abilities"] == []
    act(g, "resolve")
    assert one(g, "Exalted Angel", "battlefield")["face_down"]


@pytest.mark.rules("morph.c")
def test_a_card_without_morph_cant_be_cast_face_down():
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}})
    assert refuse(g, "cast", player="alice", card="Grizzly Bears", face_down=True, alternative_cost="morph")["rule"] == "morph.c"
    assert refuse(g, "cast", player="alice", card="Grizzly Bears", face_down=True)["rule"] == "morph.c"


@pytest.mark.rules("morph.d", "morph.q5", "cr.current.special-actions")
def test_turning_a_morph_face_up_is_a_special_action_that_doesnt_enter_the_battlefield():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph"}]}})
    act(g, "turn_face_up", player="alice", object="Exalted Angel")
    c = chars(g, "Exalted Angel", "battlefield")
    assert c["names"] == ["Exalted Angel"] and (c["power"], c["toughness"]) == (4, 5)
    assert events(g, "turned_face_up")[-1]["cost"] == "{2}{W}{W}"
    assert events(g, "enters_battlefield") == [] and g.snapshot()["stack"] == []


@pytest.mark.rules("cr.current.face-down-leaves")
def test_a_face_down_permanent_leaving_is_revealed():
    g = new_game({"alice": {"battlefield": [{"card": "Grinning Demon", "face_down": True, "face_down_as": "morph"}]}})
    act(g, "move", object="Grinning Demon", to="graveyard", cause="destroy")
    assert events(g, "zone_change")[-1]["revealed"] == ["Grinning Demon"]
    assert chars(g, "Grinning Demon", "graveyard")["names"] == ["Grinning Demon"]


@pytest.mark.rules("cr.current.manifest")
def test_a_manifested_noncreature_card_cant_be_turned_face_up_for_its_cost():
    g = new_game({"alice": {"library": ["Lightning Bolt"]}})
    act(g, "manifest", player="alice")
    assert refuse(g, "turn_face_up", player="alice", object="Lightning Bolt")["rule"] == "cr.current.manifest"


@pytest.mark.rules("storm.q4", "storm.q5")
def test_storm_counts_only_spells_cast_before_it_and_copies_dont_storm():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Grapeshot"]}, "bob": {"hand": ["Lightning Bolt"]}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    act(g, "resolve")
    grapeshot = act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", object=one(g, "Lightning Bolt", "hand")["id"], targets=["alice"])
    act(g, "resolve", count=2)  # Bob's bolt, then the storm trigger: still one copy (storm.q5)
    spells = [o for o in objects(g, "Grapeshot", "stack") if o["ability"] is None]
    assert len(spells) == 2
    act(g, "copy_spell", object=grapeshot)  # storm.q4: this copy isn't cast and doesn't storm
    assert g.snapshot()["stack"][-1] != grapeshot and top_of_stack(g)["ability"] is None
    assert g.snapshot()["players"]["alice"]["spells_cast_this_turn"] == 2
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 20 - 3 - 1 - 1 - 1


@pytest.mark.rules("storm.a")
def test_storm_copies_are_made_even_if_the_spell_was_countered():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Grapeshot"]}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    act(g, "resolve")
    grapeshot = act(g, "cast", player="alice", card="Grapeshot", targets=["bob"])["value"]
    act(g, "counter", object=grapeshot)
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 20 - 3 - 1


@pytest.mark.rules("morph.q3")
def test_a_creature_turned_face_up_keeps_its_counters_and_effects():
    g = new_game({"alice": {"battlefield": [{"card": "Exalted Angel", "face_down": True, "face_down_as": "morph", "counters": {"+1/+1": 1}, "id": "ea"}]}})
    act(g, "pump", object="ea", power=1, toughness=1)
    act(g, "turn_face_up", player="alice", object="ea")
    angel = g.snapshot()["objects"]["ea"]
    assert angel["counters"] == {"+1/+1": 1}
    assert (angel["characteristics"]["power"], angel["characteristics"]["toughness"]) == (6, 7)


@pytest.mark.rules("cr.current.all-pass")
def test_all_passing_with_an_empty_stack_ends_the_step():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    act(g, "pass_priority", player="alice")
    act(g, "pass_priority", player="bob")
    snap = g.snapshot()
    assert snap["turn"]["step"] == "beginning-of-combat" and snap["turn"]["priority"] == "alice"
    assert snap["players"]["alice"]["mana_pool"] == {}  # unused mana empties as a step ends


def test_advancing_to_the_next_turn_untaps_draws_and_cleans_up():
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]},
                  "bob": {"battlefield": [{"card": "Elite Vanguard", "tapped": True}], "library": ["Island"]}})
    act(g, "damage", target="Grizzly Bears", amount=1)
    act(g, "pump", object="Grizzly Bears", power=3, toughness=0)
    act(g, "advance_to", step="draw", next_turn=True)
    snap = g.snapshot()
    assert snap["turn"] == {"number": 2, "active": "bob", "step": "draw", "priority": "bob"}
    assert not one(g, "Elite Vanguard")["tapped"] and one(g, "Grizzly Bears")["tapped"]
    assert one(g, "Island")["zone"] == "hand"
    bears = one(g, "Grizzly Bears")
    assert bears["damage"] == 0 and bears["characteristics"]["power"] == 2
