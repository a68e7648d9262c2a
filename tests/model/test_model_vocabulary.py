"""The general effect vocabulary (model/card.schema.json), one test per element: optional costs
(kicker with "if kicked", buyback), "that creature", "each", "if you control", moving between
zones, leaves-the-battlefield triggers with look-back, a triggered ability's targets and 603.3d,
countering to a library, prevention, shuffling."""

import pytest

from keyword_testkit import attack, block, to_end_of_combat
from model_testkit import act, chars, events, new_game, one, refuse


@pytest.mark.rules("cr.current.kicker", "cr.current.total-cost")
@pytest.mark.parametrize("kicked, cost, damage", [(False, "{R}", 2), (True, "{4}{R}", 4)])
def test_kicker_adds_its_cost_and_if_kicked_changes_the_effect(kicked, cost, damage):
    g = new_game({"alice": {"hand": ["Burst Lightning"]}})
    act(g, "cast", player="alice", card="Burst Lightning", targets=["bob"], kicked=kicked)
    assert events(g, "cast")[-1]["cost"] == cost
    act(g, "resolve")
    assert g.player("bob").life == 20 - damage


@pytest.mark.rules("cr.current.kicker")
def test_a_spell_without_kicker_cant_be_kicked():
    g = new_game({"alice": {"hand": ["Lightning Bolt"]}})
    assert refuse(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"], kicked=True)["reason"].endswith("has no kicker")


@pytest.mark.rules("cr.current.total-cost")
def test_buyback_returns_the_spell_to_its_owners_hand():
    g = new_game({"alice": {"hand": ["Whispers of the Muse", "Capsize"], "library": ["Island", "Island"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Whispers of the Muse", buyback=True)
    assert events(g, "cast")[-1]["cost"] == "{5}{U}"
    act(g, "resolve")
    assert one(g, "Whispers of the Muse")["zone"] == "hand"
    act(g, "cast", player="alice", card="Capsize", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert one(g, "Capsize")["zone"] == "graveyard" and one(g, "Grizzly Bears")["zone"] == "hand"


@pytest.mark.rules("cr.current.resolving-spells")
def test_that_creature_gets_the_second_effect_without_a_second_target():
    g = new_game({"alice": {"hand": ["Reckless Charge"], "battlefield": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Reckless Charge", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    c = chars(g, "Grizzly Bears", "battlefield")
    assert (c["power"], "Haste" in c["keywords"]) == (5, True)


@pytest.mark.rules("cr.current.resolving-spells")
def test_each_creature_you_control_and_the_condition_you_control():
    g = new_game({"alice": {"hand": ["Temur Battle Rage"], "battlefield": ["Grizzly Bears", "Enormous Baloth"]}})
    act(g, "cast", player="alice", card="Temur Battle Rage", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert {"Double strike", "Trample"} <= set(chars(g, "Grizzly Bears", "battlefield")["keywords"])  # ferocious: the Baloth
    g = new_game({"alice": {"hand": ["Temur Battle Rage"], "battlefield": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Temur Battle Rage", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert "Trample" not in chars(g, "Grizzly Bears", "battlefield")["keywords"]


@pytest.mark.rules("cr.current.counter")
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_hinder_puts_the_countered_card_on_top_or_bottom_of_its_library(where):
    g = new_game({"alice": {"hand": ["Grizzly Bears"], "library": ["Island", "Island"]}, "bob": {"hand": ["Hinder"]}})
    spell = act(g, "cast", player="alice", card="Grizzly Bears")["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Hinder", targets=[spell])
    assert refuse(g, "resolve")["rule"] == "cr.current.counter"  # the choice is needed
    act(g, "resolve", choices={"top_or_bottom": where})
    library = g.player("alice").library
    bears = one(g, "Grizzly Bears")["id"]
    assert one(g, "Grizzly Bears")["zone"] == "library" and (library[0] == bears if where == "top" else library[-1] == bears)


@pytest.mark.rules("cr.current.look-back")
def test_leaves_trigger_looks_back_at_the_creature_that_left():
    """Luminous Phantom: "Whenever another creature you control leaves the battlefield": the
    creature is judged as it last existed (a creature you controlled), though it is now a card."""
    g = new_game({"alice": {"battlefield": ["Grizzly Bears", {"card": "Lunarch Veteran // Luminous Phantom", "transformed": True}]},
                  "bob": {"battlefield": ["Savannah Lions"]}})
    act(g, "move", object=one(g, "Grizzly Bears")["id"], to="hand")
    act(g, "move", object=one(g, "Savannah Lions")["id"], to="graveyard")  # not alice's: no trigger
    act(g, "resolve", all=True)
    assert g.player("alice").life == 21 and len(events(g, "trigger")) == 1


@pytest.mark.rules("cr.current.trigger-no-legal-target", "cr.current.mutate")
def test_a_triggered_abilitys_target_is_chosen_or_it_is_removed_for_lack_of_one():
    """Gemrazer's mutate trigger targets an artifact or enchantment an opponent controls: with none
    it is removed from the stack (603.3d); with one, the target given is destroyed."""
    for bob, destroyed in (([], None), (["Sphere of Resistance"], "Sphere of Resistance")):
        g = new_game({"alice": {"hand": ["Gemrazer"], "battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": bob}})
        act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto=one(g, "Grizzly Bears")["id"])
        if destroyed is None:
            act(g, "resolve", all=True)
            assert events(g, "trigger_removed") and not events(g, "trigger")
        else:
            act(g, "resolve", choices={"targets": [one(g, destroyed)["id"]]})
            act(g, "resolve", all=True)
            assert one(g, destroyed)["zone"] == "graveyard"


@pytest.mark.rules("cr.current.combat-damage")
def test_moonmist_prevents_combat_damage_of_creatures_other_than_werewolves():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"], "hand": ["Moonmist"]}})
    act(g, "cast", player="alice", card="Moonmist")
    act(g, "resolve")
    attack(g, {"Grizzly Bears": "bob"})
    block(g, {})
    to_end_of_combat(g)
    assert g.player("bob").life == 20 and events(g, "damage_prevented")


@pytest.mark.rules("dyn.4a")
def test_cranial_extraction_names_a_nonland_card_and_the_player_shuffles():
    g = new_game({"alice": {"hand": ["Cranial Extraction"]}, "bob": {"library": ["Grizzly Bears", "Island"]}})
    act(g, "cast", player="alice", card="Cranial Extraction", targets=["bob"])
    assert "nonland" in refuse(g, "resolve", choices={"name": "Island"})["reason"]
    act(g, "resolve", choices={"name": "Grizzly Bears"})
    assert one(g, "Grizzly Bears")["zone"] == "exile" and events(g, "shuffle")[-1]["player"] == "bob"


@pytest.mark.rules("cr.current.search")
def test_cranial_extraction_exiles_every_named_card_in_the_graveyard_and_may_miss_hidden_ones():
    """"All cards with that name": a search of the hidden hand and library may miss some (701.23b), of the graveyard not."""
    g = new_game({"alice": {"hand": ["Cranial Extraction"]}, "bob": {"library": ["Grizzly Bears"], "graveyard": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Cranial Extraction", targets=["bob"])
    in_library = [o["id"] for o in g.snapshot()["objects"].values() if o["card"] == "Grizzly Bears" and o["zone"] == "library"]
    in_graveyard = [o["id"] for o in g.snapshot()["objects"].values() if o["card"] == "Grizzly Bears" and o["zone"] == "graveyard"]
    assert refuse(g, "resolve", choices={"name": "Grizzly Bears", "cards": in_library})["rule"] == "cr.current.search"
    act(g, "resolve", choices={"name": "Grizzly Bears", "cards": in_graveyard})
    assert g.snapshot()["objects"][in_library[0]]["zone"] == "library"


@pytest.mark.rules("cr.current.targets")
def test_whenever_another_creature_enters_judged_by_the_restriction():
    """Soul Warden: any other creature; Lunarch Veteran: another creature you control."""
    g = new_game({"alice": {"battlefield": ["Soul Warden", "Lunarch Veteran // Luminous Phantom"], "hand": ["Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Grizzly Bears")
    act(g, "resolve", all=True)
    assert g.player("alice").life == 22  # both
    act(g, "create_token", player="bob", card="Soldier")
    act(g, "resolve", all=True)
    assert g.player("alice").life == 23  # Soul Warden only: the token is bob's


@pytest.mark.rules("cr.current.resolving-spells")
def test_create_tokens_and_the_tokens_enter():
    g = new_game({"alice": {"hand": ["Raise the Alarm"], "battlefield": ["Soul Warden"]}})
    act(g, "cast", player="alice", card="Raise the Alarm")
    act(g, "resolve", all=True)
    soldiers = [o for o in g.snapshot()["objects"].values() if o["card"] == "Soldier" and o["zone"] == "battlefield"]
    assert len(soldiers) == 2 and all(o["token"] for o in soldiers) and g.player("alice").life == 22


@pytest.mark.rules("cr.current.discard")
def test_draw_then_discard_faithless_looting():
    g = new_game({"alice": {"hand": ["Faithless Looting", "Island"], "library": ["Forest", "Mountain"]}})
    act(g, "cast", player="alice", card="Faithless Looting")
    act(g, "resolve", choices={"discard": ["Island", "Forest"]})
    assert one(g, "Island")["zone"] == one(g, "Forest")["zone"] == "graveyard" and one(g, "Mountain")["zone"] == "hand"


@pytest.mark.rules("cr.current.resolving-spells")
def test_upkeep_trigger_its_controller_loses_life():
    g = new_game({"alice": {"battlefield": ["Grinning Demon"]}}, turn={"active": "alice", "step": "untap", "priority": "alice"})
    act(g, "advance_to", step="draw")
    assert g.player("alice").life == 18


@pytest.mark.rules("cr.current.resolving-spells")
def test_deals_damage_trigger_gains_that_much_life_and_flips_on_damage_to_an_opponent():
    g = new_game({"alice": {"battlefield": ["Exalted Angel", "Akki Lavarunner // Tok-Tok, Volcano Born"]}})
    act(g, "damage", source=one(g, "Exalted Angel")["id"], target="bob", amount=4)
    act(g, "resolve", all=True)
    assert g.player("alice").life == 24
    akki = one(g, "Akki Lavarunner // Tok-Tok, Volcano Born")["id"]
    act(g, "damage", source=akki, target=one(g, "Exalted Angel")["id"], amount=1)  # not an opponent: no flip
    assert not g.state.stack and not one(g, "Akki Lavarunner // Tok-Tok, Volcano Born")["flipped"]
    act(g, "damage", source=akki, target="bob", amount=1)
    act(g, "resolve", all=True)
    assert one(g, "Akki Lavarunner // Tok-Tok, Volcano Born")["flipped"]


@pytest.mark.rules("cr.current.cant-beats-can", "cr.current.counter")
def test_a_spell_that_cant_be_countered_isnt():
    g = new_game({"alice": {"hand": ["Akroma, Angel of Fury"]}, "bob": {"hand": ["Counterspell"]}})
    spell = act(g, "cast", player="alice", card="Akroma, Angel of Fury")["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[spell])
    act(g, "resolve", all=True)
    assert one(g, "Akroma, Angel of Fury")["zone"] == "battlefield" and not events(g, "countered")


@pytest.mark.rules("cr.current.resolving-spells")
def test_lose_a_keyword_until_end_of_turn_and_cycling():
    g = new_game({"alice": {"battlefield": ["Swooping Talon"], "hand": ["Backslide"], "library": ["Island"]}})
    act(g, "activate", player="alice", object=one(g, "Swooping Talon")["id"], ability=1)
    act(g, "resolve")
    assert "Flying" not in chars(g, "Swooping Talon", "battlefield")["keywords"]
    act(g, "activate", player="alice", object=one(g, "Backslide")["id"], ability="cycling")
    act(g, "resolve")
    assert one(g, "Backslide")["zone"] == "graveyard" and one(g, "Island")["zone"] == "hand"


@pytest.mark.rules("cr.current.resolving-spells")
def test_each_creature_pyroclasm_and_each_enchantment_tranquility():
    g = new_game({"alice": {"hand": ["Pyroclasm", "Tranquility"], "battlefield": ["Grizzly Bears", {"card": "Wall of Stone", "id": "wall"}, {"card": "Pacifism", "attached_to": "wall"}]},
                  "bob": {"battlefield": ["Savannah Lions"]}})
    act(g, "cast", player="alice", card="Pyroclasm")
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["zone"] == one(g, "Savannah Lions")["zone"] == "graveyard" and one(g, "Wall of Stone")["zone"] == "battlefield"
    assert g.player("alice").life == g.player("bob").life == 20  # creatures only
    act(g, "cast", player="alice", card="Tranquility")
    act(g, "resolve")
    assert one(g, "Pacifism")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.kicker")
def test_into_the_roil_draws_only_if_kicked():
    for kicked, hand in ((False, 0), (True, 1)):  # cards in alice's hand after it resolves
        g = new_game({"alice": {"hand": ["Into the Roil"], "library": ["Island"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
        act(g, "cast", player="alice", card="Into the Roil", targets=[one(g, "Grizzly Bears")["id"]], kicked=kicked)
        act(g, "resolve")
        assert one(g, "Grizzly Bears")["zone"] == "hand" and len(g.player("alice").hand) == hand
        assert one(g, "Island")["zone"] == ("hand" if kicked else "library")


@pytest.mark.rules("cr.current.targets", "cr.current.look-back")
def test_enters_and_dies_triggers_choose_restricted_targets():
    g = new_game({"alice": {"hand": ["Ravenous Chupacabra"], "battlefield": ["Festering Goblin", "Grizzly Bears"]}, "bob": {"battlefield": ["Savannah Lions"]}})
    act(g, "cast", player="alice", card="Ravenous Chupacabra")
    assert refuse(g, "resolve", choices={"targets": [one(g, "Grizzly Bears")["id"]]})["rule"] == "cr.current.targets"  # alice's own
    act(g, "resolve", choices={"targets": [one(g, "Savannah Lions")["id"]]})
    act(g, "resolve")
    assert one(g, "Savannah Lions")["zone"] == "graveyard"
    act(g, "move", object=one(g, "Festering Goblin")["id"], to="graveyard", choices={"targets": [one(g, "Grizzly Bears")["id"]]})
    act(g, "resolve")
    assert chars(g, "Grizzly Bears", "battlefield")["power"] == 1


@pytest.mark.rules("cr.current.combat-damage")
def test_fog_prevents_all_combat_damage():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"hand": ["Fog"], "battlefield": ["Forest"]}})
    attack(g, {"Grizzly Bears": "bob"})
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Fog")
    act(g, "resolve")
    block(g, {})
    to_end_of_combat(g)
    assert g.player("bob").life == 20


@pytest.mark.rules("cr.current.casting-spells")
def test_color_restricted_spell_target_flashfreeze_and_that_player_sign_in_blood():
    g = new_game({"alice": {"hand": ["Lightning Bolt", "Counsel of the Soratami"]}, "bob": {"hand": ["Flashfreeze", "Sign in Blood"], "library": ["Island", "Island"]}})
    bolt = act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Flashfreeze", targets=[bolt])
    act(g, "resolve", all=True)
    assert g.player("bob").life == 20
    act(g, "cast", player="alice", card="Counsel of the Soratami")
    act(g, "pass_priority", player="alice")
    assert refuse(g, "cast", player="bob", card="Flashfreeze", targets=[one(g, "Counsel of the Soratami")["id"]])["rule"] == "cr.current.casting-spells"
