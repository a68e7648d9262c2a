"""The model gaps and bugs the conformance corpus found (issues 5 and 6), each with the rule it
follows. The cards are those of the card pool (mtgrules.cards, cards/pool/), whose structured
abilities sit under the ``mtgrules`` extension key; expected outcomes come from the rules and
the cards' oracle text."""

from __future__ import annotations

from functools import lru_cache

import pytest

from mtgrules.cards import load_pool
from model_testkit import act, chars, events, new_game, one, refuse

@lru_cache(maxsize=1)
def _pool() -> dict:
    return {name: card.faces for name, card in load_pool().cards.items()}


def game_with(zones: dict, *names: str, edition: str = "2016-04-08", mana: bool = True, **setup):
    """A game whose setup carries the named pool cards (as an adapter passes them)."""
    pool = _pool()
    setup["cards"] = {n: pool[n] for n in names}
    setup["edition"] = edition
    if not mana:
        setup["players"] = {"alice": {}, "bob": {}}
    return new_game(zones, **setup)


@pytest.mark.rules("cr.current.copying-objects")
def test_clone_enters_as_a_copy_of_the_chosen_creature():
    g = game_with({"alice": {"hand": ["Clone"], "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}}, "Clone")
    act(g, "cast", player="alice", card="Clone")
    act(g, "resolve", all=True, choices={"copy": "bears", "may": True})
    clone = one(g, "Clone", "battlefield")
    assert clone["characteristics"]["name"] == "Grizzly Bears" and clone["characteristics"]["power"] == 2
    assert clone["copy_of"] == "bears"


@pytest.mark.rules("cr.current.copying-objects")
def test_clone_may_enter_as_itself():
    g = game_with({"alice": {"hand": ["Clone"], "battlefield": ["Grizzly Bears"]}}, "Clone")
    act(g, "cast", player="alice", card="Clone")
    act(g, "resolve", all=True, choices={"copy": "Grizzly Bears", "may": False})
    assert one(g, "Clone")["zone"] == "graveyard"  # it entered as a 0/0 Clone (704.5f)


@pytest.mark.rules("cr.current.total-cost")
def test_static_cost_increase_and_reduction_of_permanents():
    g = game_with({"alice": {"hand": ["Grizzly Bears", "Shock"], "battlefield": ["Sphere of Resistance", "Helm of Awakening"]}},
                  "Sphere of Resistance", "Helm of Awakening")
    act(g, "cast", player="alice", card="Grizzly Bears")
    assert events(g, "cast")[-1]["cost"] == "{1}{G}"  # +1 and -1 (601.2f)
    g = game_with({"alice": {"hand": ["Grizzly Bears"], "battlefield": ["Sphere of Resistance"]}}, "Sphere of Resistance")
    act(g, "cast", player="alice", card="Grizzly Bears")
    assert events(g, "cast")[-1]["cost"] == "{2}{G}"


@pytest.mark.rules("morph.q12", "dfc-2016.13")
def test_meddling_mage_chosen_name_set_up_as_it_entered():
    zones = {"alice": {"hand": ["Shock", "Lightning Bolt"]}, "bob": {"battlefield": [{"card": "Meddling Mage", "chosen": {"name": "Shock"}}]}}
    g = game_with(zones, "Meddling Mage")
    refuse(g, "cast", player="alice", card="Shock", targets=["bob"])
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])


@pytest.mark.rules("cr.current.mutate", "merging.2")
def test_mutates_trigger_of_a_component_under_the_top():
    zones = {"alice": {"hand": [{"card": "Dreamtail Heron", "id": "heron"}], "library": ["Forest"],
                       "battlefield": [{"card": "Gemrazer", "id": "m", "components": ["Grizzly Bears"], "mutated": True}]}}
    g = new_game(zones)
    act(g, "cast", player="alice", card="heron", alternative_cost="mutate", mutate_onto="m", position="bottom")
    act(g, "resolve", all=True)
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 1  # "Whenever this creature mutates, draw a card."
    merged = [e for e in g.events if e["type"] == "merged"][-1]
    assert merged["object"] == "m" and merged["spell"]  # the merging spell is named in the event


@pytest.mark.rules("dfc-2016.12", "cr.current.transform")
def test_werewolf_transforms_at_upkeep_after_a_turn_without_spells():
    g = new_game({"alice": {"battlefield": [{"card": "Village Ironsmith // Ironfang", "id": "smith", "counters": {"+1/+1": 1}}]}},
                 turn={"active": "alice", "step": "end"})
    act(g, "advance_to", step="upkeep", next_turn=True)
    assert [e for e in g.events if e["type"] == "trigger"], "the upkeep ability triggered"
    act(g, "resolve", all=True)
    smith = one(g, "Village Ironsmith // Ironfang", "battlefield")
    assert smith["id"] == "smith" and smith["face"] == "back" and smith["characteristics"]["power"] == 4


@pytest.mark.rules("dfc-2016.12")
def test_werewolf_does_not_transform_after_a_turn_with_a_spell():
    g = new_game({"alice": {"hand": ["Shock"]}, "bob": {"battlefield": ["Village Ironsmith // Ironfang"]}})
    act(g, "cast", player="alice", card="Shock", targets=["bob"])
    act(g, "resolve", all=True)
    act(g, "advance_to", step="upkeep", next_turn=True)
    assert not g.snapshot()["stack"]
    assert one(g, "Village Ironsmith // Ironfang", "battlefield")["face"] == "front"


@pytest.mark.rules("dfc-2016.12")
def test_transformed_werewolf_transforms_back_after_two_spells_by_a_player():
    g = new_game({"alice": {"hand": ["Shock", "Lightning Bolt"]}, "bob": {"battlefield": [{"card": "Village Ironsmith // Ironfang", "transformed": True}]}})
    for card in ("Shock", "Lightning Bolt"):
        act(g, "cast", player="alice", card=card, targets=["bob"])
        act(g, "resolve", all=True)
    act(g, "advance_to", step="upkeep", next_turn=True)
    act(g, "resolve", all=True)
    assert one(g, "Village Ironsmith // Ironfang", "battlefield")["face"] == "front"


@pytest.mark.rules("cr.current.transform")
def test_delver_transforms_only_if_an_instant_or_sorcery_is_revealed():
    for top, may, face in (("Shock", True, "back"), ("Forest", True, "front"), ("Shock", False, "front")):
        g = new_game({"alice": {"library": [top], "battlefield": ["Delver of Secrets // Insectile Aberration"]}},
                     turn={"active": "bob", "step": "end"})
        act(g, "advance_to", step="upkeep", next_turn=True)
        act(g, "resolve", all=True, choices={"may": may})
        assert one(g, "Delver of Secrets // Insectile Aberration", "battlefield")["face"] == face, (top, may)


def test_advance_to_cleanup_stops_in_the_cleanup_step():
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "damage": 1}]}})
    act(g, "advance_to", step="cleanup")
    snap = g.snapshot()
    assert snap["turn"]["step"] == "cleanup" and snap["turn"]["active"] == "alice"
    assert one(g, "Grizzly Bears", "battlefield")["damage"] == 0  # 514.2, done as the step began


@pytest.mark.rules("cr.current.replacement-effects")
def test_leyline_static_replacement_applies_only_to_opponents_cards():
    zones = {"alice": {"hand": ["Shock", "Lightning Bolt"], "battlefield": ["Leyline of the Void", {"card": "Grizzly Bears", "id": "bears"}]},
             "bob": {"battlefield": [{"card": "Savannah Lions", "id": "lions"}]}}
    g = game_with(zones, "Leyline of the Void")
    act(g, "cast", player="alice", card="Shock", targets=["lions"])
    act(g, "resolve", all=True)
    assert one(g, "Savannah Lions")["zone"] == "exile"
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bears"])
    act(g, "resolve", all=True)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"  # alice's own card


@pytest.mark.rules("cr.current.face-down", "dfc-2016.10")
def test_ixidron_turns_other_nontoken_creatures_face_down_and_counts_them():
    zones = {"alice": {"hand": ["Ixidron"]},
             "bob": {"battlefield": ["Grizzly Bears", "Delver of Secrets // Insectile Aberration", {"card": "Zombie", "token": True}]}}
    g = game_with(zones, "Ixidron")
    act(g, "cast", player="alice", card="Ixidron")
    act(g, "resolve", all=True)
    assert one(g, "Grizzly Bears", "battlefield")["face_down"]
    assert not one(g, "Delver of Secrets // Insectile Aberration", "battlefield")["face_down"]  # 711.10
    assert not one(g, "Zombie", "battlefield")["face_down"]  # a token: not "nontoken"
    ixidron = chars(g, "Ixidron", "battlefield")
    assert (ixidron["power"], ixidron["toughness"]) == (1, 1)


@pytest.mark.rules("dfc-2016.5")
def test_moonmist_transforms_only_double_faced_humans():
    zones = {"alice": {"hand": ["Moonmist"], "battlefield": ["Delver of Secrets // Insectile Aberration", "Elite Vanguard"]}}
    g = game_with(zones, "Moonmist")
    act(g, "cast", player="alice", card="Moonmist")
    act(g, "resolve", all=True)
    assert one(g, "Delver of Secrets // Insectile Aberration", "battlefield")["face"] == "back"
    assert len(events(g, "transformed")) == 1


@pytest.mark.rules("dfc-2016.13", "dyn.4a")
def test_cranial_extraction_names_one_face_not_both():
    zones = {"alice": {"hand": ["Cranial Extraction"]}, "bob": {"hand": ["Delver of Secrets // Insectile Aberration"]}}
    g = game_with(zones, "Cranial Extraction")
    act(g, "cast", player="alice", card="Cranial Extraction", targets=["bob"])
    refuse(g, "resolve", choices={"name": "Delver of Secrets // Insectile Aberration"})
    act(g, "resolve", choices={"name": "Delver of Secrets"})
    assert one(g, "Delver of Secrets // Insectile Aberration")["zone"] == "exile"


@pytest.mark.rules("dfc-2016.1", "cr.current.copying-objects")
def test_token_copy_of_a_double_faced_permanent_by_edition():
    for edition, face in (("2016-04-08", "front"), ("2026-08-07", "back")):
        zones = {"alice": {"hand": ["Cackling Counterpart", "Moonmist"], "battlefield": [{"card": "Delver of Secrets // Insectile Aberration", "id": "d"}]}}
        g = game_with(zones, "Cackling Counterpart", "Moonmist", edition=edition)
        act(g, "cast", player="alice", card="Cackling Counterpart", targets=["d"])
        act(g, "resolve", all=True)
        token = next(o for o in g.snapshot()["objects"].values() if o["token"])
        assert token["copy_of"] == "d" and token["characteristics"]["name"] == "Delver of Secrets"
        act(g, "cast", player="alice", card="Moonmist")
        act(g, "resolve", all=True)
        token = g.snapshot()["objects"][token["id"]]
        assert token["face"] == face, edition  # 2016: tokens can't transform (711.1); today they can


@pytest.mark.rules("dyn.2", "cr.current.counter")
def test_circular_logic_counts_cards_and_offers_payment():
    zones = {"alice": {"hand": [{"card": "Grizzly Bears", "id": "bears"}], "battlefield": ["Forest", "Forest", "Forest"]},
             "bob": {"hand": ["Circular Logic"], "graveyard": ["Divine Skywarden // Purewind Blessings"], "battlefield": ["Island", "Island", "Island"]}}
    for pay, zone in ((True, "battlefield"), (False, "graveyard")):
        g = game_with(zones, "Circular Logic", players={"alice": {}, "bob": {}})
        spell = act(g, "cast", player="alice", card="bears")["value"]
        act(g, "pass_priority", player="alice")
        act(g, "cast", player="bob", card="Circular Logic", targets=[spell])
        act(g, "resolve", all=True, choices={"pay": pay})
        assert one(g, "Grizzly Bears")["zone"] == zone


@pytest.mark.rules("dfc-2016.8", "dfc-2016.8a")
def test_liliana_returns_transformed_but_a_clone_of_her_stays_exiled():
    lili = "Liliana, Heretical Healer // Liliana, Defiant Necromancer"
    zones = {"alice": {"battlefield": [{"card": lili, "id": "lili"}, {"card": "Grizzly Bears", "id": "bears"}]}, "bob": {"hand": ["Shock"]}}
    g = game_with(zones, lili, turn={"active": "alice", "priority": "bob"})
    act(g, "cast", player="bob", card="Shock", targets=["bears"])
    act(g, "resolve", all=True)
    back = one(g, lili, "battlefield")
    assert back["face"] == "back" and back["characteristics"]["loyalty"] == 3
    assert any(o["token"] for o in g.snapshot()["objects"].values())
    zones = {"alice": {"battlefield": [{"card": "Clone", "id": "clone"}, {"card": "Grizzly Bears", "id": "bears"}]}, "bob": {"hand": ["Shock"], "battlefield": [{"card": lili, "id": "lili"}]}}
    g = game_with(zones, lili, "Clone", turn={"active": "alice", "priority": "bob"}, effects=[{"kind": "copy", "object": "clone", "of": "lili"}])
    act(g, "cast", player="bob", card="Shock", targets=["bears"])
    act(g, "resolve", all=True)
    assert one(g, "Clone")["zone"] == "exile"
    assert not any(o["token"] for o in g.snapshot()["objects"].values())


@pytest.mark.rules("cr.pre-2013.mana-abilities")
def test_nonbasic_land_mana_ability_pays():
    g = game_with({"alice": {"hand": ["Grizzly Bears"], "battlefield": ["Seat of the Synod", "Forest"]}}, "Seat of the Synod", mana=False)
    act(g, "cast", player="alice", card="Grizzly Bears")
    assert all(o["tapped"] for o in g.snapshot()["objects"].values() if o["zone"] == "battlefield")


@pytest.mark.rules("merging.3c")
def test_otherworldly_journey_returns_every_card_of_a_merged_permanent():
    zones = {"alice": {"battlefield": [{"card": "Gemrazer", "id": "m", "components": ["Grizzly Bears"], "mutated": True}]},
             "bob": {"hand": ["Otherworldly Journey"]}}
    g = game_with(zones, "Otherworldly Journey", turn={"active": "bob"})
    act(g, "cast", player="bob", card="Otherworldly Journey", targets=["m"])
    act(g, "resolve", all=True)
    act(g, "advance_to", step="end")
    act(g, "resolve", all=True)
    for card in ("Gemrazer", "Grizzly Bears"):
        obj = one(g, card, "battlefield")
        assert obj["counters"] == {"+1/+1": 1} and obj["controller"] == "alice"


@pytest.mark.rules("dyn.3c", "flashback.q6")
def test_eye_of_the_storm_exiles_the_card_and_offers_its_copy():
    zones = {"alice": {"graveyard": [{"card": "Firebolt", "id": "bolt"}]}, "bob": {"battlefield": [{"card": "Eye of the Storm", "id": "eye"}]}}
    g = game_with(zones, "Eye of the Storm")
    spell = act(g, "cast", player="alice", card="bolt", alternative_cost="flashback", targets=["bob"])["value"]
    act(g, "resolve", choices={"cast": {"card": spell, "targets": ["bob"]}})
    act(g, "resolve", all=True)
    assert one(g, "Firebolt")["zone"] == "exile"
    assert g.snapshot()["players"]["bob"]["life"] == 18  # the copy, cast for free, resolved
    exiled = next(e for e in g.events if e["type"] == "zone_change" and e.get("object") == spell)
    assert exiled["to"] == "exile" and exiled["source"] == "eye" and exiled["replacements"] == []  # not flashback's


@pytest.mark.rules("dyn.3c")
def test_mizzix_mastery_copy_of_a_dynamic_card_resolves_into_a_token():
    dspb = "Divine Skywarden // Purewind Blessings"
    g = game_with({"alice": {"hand": ["Mizzix's Mastery"], "graveyard": [{"card": dspb, "id": "d"}], "library": ["Island"]}}, "Mizzix's Mastery")
    act(g, "cast", player="alice", card="Mizzix's Mastery", targets=["d"])
    act(g, "resolve", choices={"cast": {"card": "d", "half": "Divine Skywarden"}})
    act(g, "resolve", all=True)
    token = next(o for o in g.snapshot()["objects"].values() if o["token"])
    assert token["characteristics"]["name"] == "Divine Skywarden" and token["copy_of"]
    assert [o["zone"] for o in g.snapshot()["objects"].values() if o["card"] == dspb and not o["token"]] == ["exile"]
    assert one(g, "Mizzix's Mastery")["zone"] == "exile"


@pytest.mark.rules("dyn.5a")
def test_activated_ability_of_a_setup_card_puts_a_dynamic_card_onto_the_battlefield():
    dspb = "Divine Skywarden // Purewind Blessings"
    g = game_with({"alice": {"hand": [{"card": dspb, "id": "d"}], "battlefield": ["Elvish Piper"], "library": ["Island"]}}, "Elvish Piper")
    act(g, "activate", player="alice", object="Elvish Piper", ability=1)
    act(g, "resolve", all=True, choices={"may": True, "cards": ["d"]})
    assert chars(g, dspb, "battlefield")["names"] == ["Divine Skywarden"]


@pytest.mark.rules("flashback.q6")
def test_spelljack_lets_its_controller_cast_the_exiled_card_for_free():
    zones = {"alice": {"graveyard": [{"card": "Firebolt", "id": "bolt"}]}, "bob": {"hand": ["Spelljack"]}}
    g = new_game(zones)
    spell = act(g, "cast", player="alice", card="bolt", alternative_cost="flashback", targets=["bob"])["value"]
    act(g, "pass_priority", player="alice")
    act(g, "cast", player="bob", card="Spelljack", targets=[spell])
    act(g, "resolve", all=True)
    exiled = one(g, "Firebolt")
    assert exiled["zone"] == "exile"
    refuse(g, "cast", player="bob", card=exiled["id"], targets=["alice"])  # only without paying its mana cost
    act(g, "advance_to", step="precombat-main", next_turn=True)
    act(g, "cast", player="bob", card=exiled["id"], targets=["alice"], without_paying=True)
    act(g, "resolve", all=True)
    assert one(g, "Firebolt")["zone"] == "graveyard" and one(g, "Firebolt")["owner"] == "alice"


@pytest.mark.rules("flashback.a")
def test_flashback_cost_with_life_payment():
    g = game_with({"alice": {"graveyard": ["Deep Analysis"], "library": ["Island", "Island"]}}, "Deep Analysis")
    act(g, "cast", player="alice", card="Deep Analysis", alternative_cost="flashback", targets=["alice"])
    act(g, "resolve", all=True)
    snap = g.snapshot()["players"]["alice"]
    assert snap["life"] == 17 and len(snap["hand"]) == 2
    g = game_with({"alice": {"graveyard": ["Deep Analysis"]}}, "Deep Analysis", players={"alice": {"life": 2, "mana_pool": {"U": 2}}, "bob": {}})
    refuse(g, "cast", player="alice", card="Deep Analysis", alternative_cost="flashback", targets=["alice"])


@pytest.mark.rules("cr.current.double-faced-cards", "dfc-2016.7")
def test_disturb_casts_the_back_face_under_the_current_rules_only():
    vet = "Lunarch Veteran // Luminous Phantom"
    g = game_with({"alice": {"graveyard": [vet]}}, vet, edition="2026-08-07")
    act(g, "cast", player="alice", card=vet, alternative_cost="disturb")
    on_stack = one(g, vet, "stack")
    assert on_stack["face"] == "back" and on_stack["characteristics"]["mana_value"] == 1
    act(g, "resolve", all=True)
    assert one(g, vet, "battlefield")["face"] == "back"
    g = game_with({"alice": {"graveyard": [vet]}}, vet)
    refuse(g, "cast", player="alice", card=vet, alternative_cost="disturb")


@pytest.mark.rules("cr.current.casting-spells")
def test_targets_that_say_whose_they_are():
    zones = {"alice": {"hand": ["Break Open", "Momentary Blink"], "battlefield": [{"card": "Grizzly Bears", "id": "mine", "face_down": True}]},
             "bob": {"battlefield": [{"card": "Savannah Lions", "id": "theirs", "face_down": True}]}}
    g = game_with(zones, "Break Open", "Momentary Blink")
    refuse(g, "cast", player="alice", card="Break Open", targets=["mine"])  # "an opponent controls"
    refuse(g, "cast", player="alice", card="Momentary Blink", targets=["theirs"])  # "you control"
    act(g, "cast", player="alice", card="Break Open", targets=["theirs"])
    act(g, "resolve", all=True)
    assert not one(g, "Savannah Lions", "battlefield")["face_down"]
