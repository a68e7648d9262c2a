"""The public interface: setups, actions and observations follow their JSON Schemas; choices
given with an action; mana abilities of basic lands; playing a land; the card pool format."""

from pathlib import Path

import pytest

from mtgrules.model.cards import card_from_json, card_pool
from mtgrules.model.game import Game, SetupError
from mtgrules.model.schemas import validator

from model_testkit import DSPB, act, events, new_game, one, refuse

ROOT = Path(__file__).resolve().parents[2]


def rich_game():
    g = new_game({"alice": {"hand": [DSPB, "Gemrazer", "Exalted Angel"], "library": ["Grizzly Bears", "Island", "Elite Vanguard"],
                            "battlefield": ["Grizzly Bears", {"card": "Village Ironsmith // Ironfang", "transformed": True}]},
                  "bob": {"hand": ["Counterspell"]}})
    act(g, "cast", player="alice", card=DSPB, half="Purewind Blessings")
    act(g, "resolve")
    act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto=one(g, "Grizzly Bears", "battlefield")["id"])
    act(g, "resolve")
    act(g, "cast", player="alice", card="Exalted Angel", face_down=True, alternative_cost="morph")
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Counterspell", targets=[one(g, "Exalted Angel")["id"]])
    act(g, "resolve", all=True)
    act(g, "damage", target="bob", amount=3)
    return g


def test_snapshot_and_events_follow_their_schemas():
    g = rich_game()
    assert list(validator("snapshot").iter_errors(g.snapshot())) == []
    assert list(validator("events").iter_errors(g.events)) == []
    kinds = {e["type"] for e in g.events}
    assert {"zone_change", "cast", "damage", "life", "merged", "countered"} <= kinds


def test_a_bad_setup_names_the_place():
    with pytest.raises(SetupError) as err:
        Game.from_setup({"zones": {"alice": {"hand": ["No Such Card"]}}, "players": {"alice": {}, "bob": {}}})
    assert err.value.path == "zones.alice.hand[0]"
    with pytest.raises(SetupError) as err:
        Game.from_setup({"players": {"alice": {"life": "many"}}})
    assert "players.alice.life" in err.value.path
    with pytest.raises(SetupError) as err:
        Game.from_setup({"zones": {"alice": {"hand": [{"card": "Island", "id": "x"}, {"card": "Island", "id": "x"}]}}})
    assert err.value.path == "zones.alice.hand[1]"
    with pytest.raises(SetupError) as err:
        Game.from_setup({"cards": {"Odd": [{"name": "Odd", "layout": "normal", "types": ["Instant"], "manaCost": "{Q}"}]}})
    assert err.value.path.startswith("cards")


def test_the_model_plays_the_one_card_pool():
    from mtgrules.cards import load_pool

    loaded = load_pool()
    assert not loaded.problems
    model = card_pool()
    assert {name for name in loaded.cards} <= set(model)
    assert model["Gemrazer"].faces[0].structured("alternative_cost")  # abilities come from mtgrules.abilities
    assert model["Purewind Blessings"] is model["Divine Skywarden // Purewind Blessings"]  # a face name finds its card, made once
    assert len(model) == len(set(model)) and all(model[name].name in loaded.cards for name in model)


def test_structured_abilities_may_sit_under_the_mtgrules_key():
    card = card_from_json("Shock Test", [{"name": "Shock Test", "layout": "normal", "types": ["Instant"], "manaCost": "{R}", "colorIdentity": ["R"],
                                          "mtgrules": {"abilities": [{"spell": [{"effect": "damage", "amount": 2, "target": "any"}]}]}}])
    assert card.faces[0].structured("spell")


@pytest.mark.rules("cr.pre-2013.mana-abilities", "cr.pre-2013.pay")
def test_basic_lands_are_tapped_for_mana_when_the_pool_falls_short():
    g = Game.from_setup({"players": {"alice": {"mana_pool": {"G": 1}}, "bob": {}},
                         "zones": {"alice": {"hand": ["Grizzly Bears", "Lightning Bolt"], "battlefield": ["Island", "Mountain"]}}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    assert one(g, "Mountain")["tapped"] and not one(g, "Island")["tapped"]
    act(g, "resolve")
    act(g, "cast", player="alice", card="Grizzly Bears")  # {G} from the pool, {1} from the Island
    assert one(g, "Island")["tapped"]
    assert [e["object"] for e in events(g, "mana_ability")] == [one(g, "Mountain")["id"], one(g, "Island")["id"]]
    g = Game.from_setup({"zones": {"alice": {"hand": ["Grizzly Bears"], "battlefield": ["Island", "Island"]}}})
    assert refuse(g, "cast", player="alice", card="Grizzly Bears")["rule"] == "cr.pre-2013.pay"


@pytest.mark.rules("cr.current.special-actions")
def test_a_land_is_played_once_per_turn_as_a_special_action():
    g = new_game({"alice": {"hand": ["Forest", "Island"]}})
    act(g, "play_land", player="alice", object="Forest")
    assert one(g, "Forest")["zone"] == "battlefield"
    assert refuse(g, "play_land", player="alice", object="Island")["rule"] == "cr.current.special-actions"
    assert refuse(g, "cast", player="alice", card="Island")["rule"] == "cr.current.casting-spells"


@pytest.mark.rules("dyn.example")
def test_scry_choices_are_given_with_the_action():
    g = new_game({"alice": {"hand": [DSPB], "library": ["Grizzly Bears", "Island", "Elite Vanguard"]}})
    act(g, "cast", player="alice", card=DSPB, half="Purewind Blessings")
    act(g, "resolve", choices={"scry": {"bottom": ["Grizzly Bears"], "top": ["Elite Vanguard", "Island"]}})
    assert one(g, "Elite Vanguard")["zone"] == "hand"
    assert g.snapshot()["players"]["alice"]["life"] == 21
    library = g.snapshot()["players"]["alice"]["library"]
    assert [g.snapshot()["objects"][i]["card"] for i in library] == ["Island", "Grizzly Bears"]


@pytest.mark.rules("cr.current.mutate", "merging.2")
def test_the_merge_position_may_be_chosen_as_the_mutating_spell_resolves():
    g = new_game({"alice": {"hand": ["Gemrazer"], "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}})
    act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto="bears")
    act(g, "resolve", choices={"merge": "bottom"})
    assert [c["card"] for c in g.snapshot()["objects"]["bears"]["components"]] == ["Grizzly Bears", "Gemrazer"]


@pytest.mark.rules("cr.current.replacement-order")
def test_the_replacement_order_may_be_chosen_as_a_spell_resolves():
    effects = [{"kind": "replacement", "name": "to exile", "to": "graveyard", "instead": "exile"},
               {"kind": "replacement", "name": "to library", "to": "graveyard", "instead": "library"}]
    g = new_game({"alice": {"hand": ["Lightning Bolt"]}}, effects=effects)
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    act(g, "resolve", choices={"replacement": ["to library"]})
    assert one(g, "Lightning Bolt")["zone"] == "library"


@pytest.mark.rules("storm.b", "morph.a")
def test_keyword_abilities_come_from_mtgjson_keywords_when_not_given_structurally():
    cards = {
        "Twin Storm Test": [{"name": "Twin Storm Test", "layout": "normal", "manaCost": "{R}", "types": ["Sorcery"], "keywords": ["Storm"],
                             "text": "Twin Storm Test deals 1 damage to any target.\nStorm\nStorm",
                             "mtgrules": {"abilities": [{"spell": [{"effect": "damage", "amount": 1, "target": "any"}]}]}}],
        "Morph Test": [{"name": "Morph Test", "layout": "normal", "manaCost": "{5}{R}", "types": ["Creature"], "power": "5", "toughness": "5",
                        "keywords": ["Morph"], "text": "Morph {1}{R}"}],
    }
    g = Game.from_setup({"cards": cards, "players": {"alice": {"mana_pool": {"R": 9}}, "bob": {}},
                         "zones": {"alice": {"hand": ["Lightning Bolt", "Twin Storm Test", "Morph Test"]}}})
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    act(g, "resolve")
    act(g, "cast", player="alice", card="Twin Storm Test", targets=["bob"])
    assert [o["ability"]["text"] for o in g.snapshot()["objects"].values() if o["ability"]] == ["Storm", "Storm"]
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 20 - 3 - 3
    act(g, "cast", player="alice", card="Morph Test", face_down=True, alternative_cost="morph")
    act(g, "resolve")
    act(g, "turn_face_up", player="alice", object="Morph Test")
    assert events(g, "turned_face_up")[-1]["cost"] == "{1}{R}"
