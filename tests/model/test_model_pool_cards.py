"""The cards of cards/pool/seed-mechanics.yaml and combinations.yaml do what their oracle text
says on the reference model: one test per shape of structured ability those files add (a
looter's draw-then-discard, "target player draws, then discards", "each opponent" effects on a
dies or upkeep trigger, kicker changing "each creature without flying and each player", "that
player" after a discard, a spell line that is a keyword line (Scry 3.), a dies trigger exiling
a permanent, an attack trigger tapping, activated abilities with restricted targets, werewolf
faces), and a count of the pool's real, fully structured cards (issue 16: at least 250)."""

import json

import pytest
from click.testing import CliRunner

from keyword_testkit import attack, block, card_zone, to_end_of_combat
from model_testkit import act, chars, events, new_game, one, refuse
from mtgrules.cards import load_pool
from mtgrules.cli import main


def test_the_pool_holds_at_least_250_real_fully_structured_cards():
    rows = json.loads(CliRunner().invoke(main, ["model", "cards", "--json"]).stdout)
    pool = load_pool()
    real = [r for r in rows if not (pool.get(r["name"]).test_card or pool.get(r["name"]).is_token or pool.get(r["name"]).custom)]
    assert len([r for r in real if r["status"] == "structured"]) >= 250
    assert all(r["status"] != "partial" for r in rows)


@pytest.mark.rules("madness.q6", "cr.current.discard")
def test_a_looter_draws_then_discards_and_the_discard_is_a_madness_discard():
    g = new_game({"alice": {"hand": ["Obsessive Search"], "library": ["Island", "Forest"], "battlefield": ["Merfolk Looter"]}})
    act(g, "activate", player="alice", object=one(g, "Merfolk Looter")["id"])
    act(g, "resolve", choices={"discard": [one(g, "Obsessive Search")["id"]], "madness": "exile"})
    assert one(g, "Merfolk Looter")["tapped"] and one(g, "Island")["zone"] == "hand"
    assert card_zone(g, "Obsessive Search") == "exile"  # madness: discarded into exile, its trigger waits
    act(g, "resolve", choices={"cast": {"card": "Obsessive Search", "alt_cost": "madness"}})
    act(g, "resolve", all=True)
    assert one(g, "Forest")["zone"] == "hand" and card_zone(g, "Obsessive Search") == "graveyard"


def test_cephalid_looter_makes_its_target_draw_then_discard():
    g = new_game({"alice": {"battlefield": ["Cephalid Looter"]}, "bob": {"hand": ["Shock"], "library": ["Island"]}})
    act(g, "activate", player="alice", object=one(g, "Cephalid Looter")["id"], targets=["bob"])
    act(g, "resolve", choices={"discard": [one(g, "Shock")["id"]]})
    assert one(g, "Shock")["zone"] == "graveyard" and one(g, "Island")["zone"] == "hand"
    assert not g.player("alice").graveyard


@pytest.mark.rules("cr.current.look-back")
def test_each_opponent_discards_when_noxious_toad_dies_and_at_hags_upkeep():
    g = new_game({"alice": {"battlefield": ["Noxious Toad"]}, "bob": {"hand": ["Shock", "Island"]}})
    act(g, "move", object=one(g, "Noxious Toad")["id"], to="graveyard")
    act(g, "resolve")
    assert len(g.player("bob").hand) == 1 and not g.player("alice").graveyard[1:]
    g = new_game({"alice": {"battlefield": ["Hag of Dark Duress"]}, "bob": {"hand": ["Shock"]}}, turn={"active": "bob", "step": "end"})
    act(g, "advance_to", step="upkeep", next_turn=True)
    act(g, "resolve", all=True)
    assert one(g, "Shock")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.kicker")
@pytest.mark.parametrize("kicked, damage", [(False, 1), (True, 4)])
def test_breath_of_darigaaz_damages_each_creature_without_flying_and_each_player(kicked, damage):
    g = new_game({"alice": {"hand": ["Breath of Darigaaz"], "battlefield": ["Enormous Baloth", "Wind Drake"]}})
    act(g, "cast", player="alice", card="Breath of Darigaaz", kicked=kicked)
    act(g, "resolve")
    assert (g.player("alice").life, g.player("bob").life) == (20 - damage, 20 - damage)
    assert one(g, "Enormous Baloth")["damage"] == damage and one(g, "Wind Drake")["damage"] == 0


@pytest.mark.rules("cr.current.kicker")
def test_aggressive_sabotage_kicked_deals_damage_to_that_player():
    g = new_game({"alice": {"hand": ["Aggressive Sabotage"]}, "bob": {"hand": ["Island", "Forest", "Swamp"]}})
    act(g, "cast", player="alice", card="Aggressive Sabotage", targets=["bob"], kicked=True)
    assert events(g, "cast")[-1]["cost"] == "{2}{B}{R}"
    act(g, "resolve")
    assert len(g.player("bob").hand) == 1 and g.player("bob").life == 17


def test_mystic_speculation_scries_three_and_buyback_returns_it():
    g = new_game({"alice": {"hand": ["Mystic Speculation"], "library": ["Island", "Forest", "Swamp", "Mountain"]}})
    library = list(g.player("alice").library)
    act(g, "cast", player="alice", card="Mystic Speculation", buyback=True)
    act(g, "resolve", choices={"scry": {"top": [library[2]], "bottom": library[:2]}})
    assert g.player("alice").library == [library[2], library[3], library[0], library[1]]
    assert one(g, "Mystic Speculation")["zone"] == "hand"


@pytest.mark.rules("cr.current.look-back", "cr.current.targets")
def test_archon_of_justice_dying_exiles_target_permanent():
    g = new_game({"alice": {"battlefield": ["Archon of Justice"]}, "bob": {"battlefield": ["Ornithopter"]}})
    act(g, "move", object=one(g, "Archon of Justice")["id"], to="graveyard", choices={"targets": [one(g, "Ornithopter")["id"]]})
    act(g, "resolve")
    assert one(g, "Ornithopter")["zone"] == "exile"


def test_territorial_hammerskull_taps_a_creature_an_opponent_controls_as_it_attacks():
    g = new_game({"alice": {"battlefield": ["Territorial Hammerskull", "Grizzly Bears"]}, "bob": {"battlefield": ["Savannah Lions"]}})
    assert refuse(g, "declare_attackers", player="alice", attackers={"Territorial Hammerskull": "bob"},
                  choices={"targets": [one(g, "Grizzly Bears")["id"]]})["rule"] == "cr.current.targets"
    attack(g, {"Territorial Hammerskull": "bob"}, choices={"targets": [one(g, "Savannah Lions")["id"]]})
    act(g, "resolve")
    assert one(g, "Savannah Lions")["tapped"]


@pytest.mark.rules("cr.current.targets")
def test_activated_abilities_with_mana_value_and_color_restrictions():
    g = new_game({"alice": {"battlefield": ["Law-Rune Enforcer", "Exorcist"]}, "bob": {"battlefield": ["Savannah Lions", "Grizzly Bears", "Walking Corpse"]}})
    assert refuse(g, "activate", player="alice", object=one(g, "Law-Rune Enforcer")["id"], targets=[one(g, "Savannah Lions")["id"]])
    act(g, "activate", player="alice", object=one(g, "Law-Rune Enforcer")["id"], targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["tapped"]
    assert refuse(g, "activate", player="alice", object=one(g, "Exorcist")["id"], targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "activate", player="alice", object=one(g, "Exorcist")["id"], targets=[one(g, "Walking Corpse")["id"]])
    act(g, "resolve")
    assert one(g, "Walking Corpse")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.transform")
def test_a_werewolf_back_face_has_only_its_own_keywords_and_triggers():
    g = new_game({"alice": {"battlefield": ["Hinterland Logger // Timber Shredder",
                                            {"card": "Lambholt Elder // Silverpelt Werewolf", "transformed": True}], "library": ["Island"]}})
    assert "Trample" not in chars(g, "Hinterland Logger // Timber Shredder", "battlefield")["keywords"]
    attack(g, {"Lambholt Elder // Silverpelt Werewolf": "bob"})
    block(g, {})
    to_end_of_combat(g)  # the combat damage trigger resolves on the way
    assert g.player("bob").life == 16 and one(g, "Island")["zone"] == "hand"
