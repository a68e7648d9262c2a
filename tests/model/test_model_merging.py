"""Merged permanents (seed 001, rule 730) and mutate (702.140)."""

import pytest

from model_testkit import act, chars, events, new_game, objects, one, refuse

IRONSMITH = "Village Ironsmith // Ironfang"
NEZUMI = "Nezumi Shortfang // Stabwhisker the Odious"


def mutate_game(position="top", onto="Grizzly Bears", extra=()):
    g = new_game({"alice": {"hand": ["Gemrazer"], "battlefield": [onto, *extra]}})
    target = one(g, onto, "battlefield")["id"]
    act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto=target, position=position)
    return g, target


def merged(**entry):
    entry.setdefault("mutated", True)
    return entry


@pytest.mark.rules("merging.1")
def test_mutate_merges_a_creature_spell_with_a_non_human_creature():
    g, target = mutate_game()
    assert events(g, "cast")[-1]["cost"] == "{1}{G}{G}"
    act(g, "resolve")
    permanent = one(g, "Gemrazer", "battlefield")
    assert permanent["id"] == target and permanent["merged"]


@pytest.mark.rules("merging.1")
def test_mutate_cant_target_a_human():
    g = new_game({"alice": {"hand": ["Gemrazer"], "battlefield": ["Elite Vanguard"]}})
    r = refuse(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto="Elite Vanguard")
    assert r["rule"] == "cr.current.mutate"


@pytest.mark.rules("merging.2")
@pytest.mark.parametrize("position, order", [("top", ["Gemrazer", "Grizzly Bears"]), ("bottom", ["Grizzly Bears", "Gemrazer"])])
def test_the_object_is_placed_on_top_of_or_under_the_permanent(position, order):
    g, target = mutate_game(position)
    act(g, "resolve")
    permanent = g.snapshot()["objects"][target]
    assert [c["card"] for c in permanent["components"]] == order


@pytest.mark.rules("merging.2a")
def test_a_merged_permanent_has_its_topmost_components_characteristics():
    g, target = mutate_game("bottom")
    act(g, "resolve")
    c = g.snapshot()["objects"][target]["characteristics"]
    assert c["names"] == ["Grizzly Bears"] and (c["power"], c["toughness"]) == (2, 2) and c["mana_value"] == 2
    # mutate specifies otherwise for abilities: all abilities of each card (702.140e)
    assert "Reach, trample" in c["abilities"]


@pytest.mark.rules("merging.2a")
def test_without_mutate_only_the_topmost_components_abilities():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"], "hand": ["Dreamtail Heron"]}})
    act(g, "merge", object="Dreamtail Heron", onto="Grizzly Bears", position="bottom", mutate=False)
    c = chars(g, "Grizzly Bears", "battlefield")
    assert c["names"] == ["Grizzly Bears"] and c["abilities"] == []


@pytest.mark.rules("merging.2a")
def test_the_merge_is_a_copiable_effect_with_the_merge_timestamp():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears", "Elite Vanguard"], "hand": ["Gemrazer"]}})
    act(g, "become_copy", object="Grizzly Bears", of="Elite Vanguard")
    act(g, "merge", object="Gemrazer", onto="Grizzly Bears", position="top")
    assert chars(g, "Gemrazer", "battlefield")["names"] == ["Gemrazer"]


@pytest.mark.rules("merging.2b")
def test_merging_doesnt_make_the_permanent_enter_the_battlefield():
    g, target = mutate_game()
    act(g, "resolve")
    assert [e for e in events(g, "enters_battlefield") if e["object"] == target] == []
    move = [e for e in events(g, "zone_change") if e["card"] == "Gemrazer"][-1]
    assert move["from"] == "stack" and move["merged_into"] == target
    assert objects(g, "Gemrazer", "stack") == []


@pytest.mark.rules("merging.2c")
def test_a_merged_permanent_is_the_same_object_with_its_effects():
    g, target = mutate_game()
    act(g, "pump", object=target, power=2, toughness=2)
    act(g, "resolve")
    permanent = g.snapshot()["objects"][target]
    assert permanent["controller"] == "alice"
    assert (permanent["characteristics"]["power"], permanent["characteristics"]["toughness"]) == (6, 6)


@pytest.mark.rules("merging.2d")
@pytest.mark.parametrize("position, token", [("top", False), ("bottom", True)])
def test_a_merged_permanent_is_a_token_only_if_its_topmost_component_is(position, token):
    g = new_game({"alice": {"hand": ["Gemrazer"]}})
    act(g, "create_token", player="alice", card="Zombie", id="zombie")
    act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto="zombie", position=position)
    act(g, "resolve")
    assert g.snapshot()["objects"]["zombie"]["token"] is token


@pytest.mark.rules("merging.2e")
def test_face_down_status_comes_from_the_topmost_component():
    g = new_game({"alice": {"hand": ["Gemrazer", "Dreamtail Heron"], "battlefield": [{"card": "Grinning Demon", "face_down": True, "face_down_as": "morph", "id": "fd"}]}})
    act(g, "cast", player="alice", card="Dreamtail Heron", alternative_cost="mutate", mutate_onto="fd", position="bottom")
    act(g, "resolve")
    assert g.snapshot()["objects"]["fd"]["face_down"]
    act(g, "cast", player="alice", card="Gemrazer", alternative_cost="mutate", mutate_onto="fd", position="top")
    act(g, "resolve")
    permanent = g.snapshot()["objects"]["fd"]
    assert not permanent["face_down"] and permanent["characteristics"]["names"] == ["Gemrazer"]
    assert events(g, "turned_face_up") == [], "becoming face up by merging is not turning face up"


@pytest.mark.rules("merging.2f")
def test_turning_a_merged_permanent_face_down_and_up_turns_each_component():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears"], id="m")]}})
    act(g, "turn_face_down", object="m")
    permanent = g.snapshot()["objects"]["m"]
    assert permanent["face_down"] and all(c["face_down"] for c in permanent["components"])
    assert permanent["characteristics"]["power"] == 2 and permanent["characteristics"]["names"] == []
    act(g, "turn_face_up", player="alice", object="m", using="effect")
    permanent = g.snapshot()["objects"]["m"]
    assert not any(c["face_down"] for c in permanent["components"])


@pytest.mark.rules("merging.2g")
def test_a_face_down_merged_permanent_with_an_instant_cant_be_turned_face_up():
    g = new_game({"alice": {"battlefield": [merged(card="Grizzly Bears", face_down=True, id="m", components=[{"card": "Lightning Bolt", "face_down": True}])]}})
    act(g, "turn_face_up", player="alice", object="m", using="effect")
    assert g.snapshot()["objects"]["m"]["face_down"]
    assert events(g, "reveal")[-1]["rule"] == "merging.2g"
    assert events(g, "turned_face_up") == []


@pytest.mark.rules("merging.2h")
def test_a_flipped_merged_permanent_uses_the_flip_components_flipped_characteristics():
    g = new_game({"alice": {"battlefield": [merged(card=NEZUMI, components=["Grizzly Bears"], id="m")]}})
    assert chars(g, NEZUMI, "battlefield")["names"] == ["Nezumi Shortfang"]
    act(g, "flip", object="m")
    c = chars(g, NEZUMI, "battlefield")
    assert c["names"] == ["Stabwhisker the Odious"] and (c["power"], c["toughness"]) == (3, 3)


@pytest.mark.rules("merging.2i")
def test_transforming_a_merged_permanent_turns_each_double_faced_component():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=[IRONSMITH], id="m")]}})
    act(g, "transform", object="m")
    permanent = g.snapshot()["objects"]["m"]
    assert permanent["components"][1]["face"] == "b"
    assert permanent["characteristics"]["names"] == ["Gemrazer"]  # topmost unchanged
    g = new_game({"alice": {"battlefield": [merged(card=IRONSMITH, components=["Gemrazer"], id="m")]}})
    act(g, "transform", object="m")
    assert g.snapshot()["objects"]["m"]["characteristics"]["names"] == ["Ironfang"]


@pytest.mark.rules("merging.2j")
def test_a_face_up_merged_permanent_with_a_double_faced_component_cant_be_turned_face_down():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=[IRONSMITH], id="m")]}})
    act(g, "turn_face_down", object="m")
    assert not g.snapshot()["objects"]["m"]["face_down"]
    assert events(g, "no_effect")[-1]["rule"] == "merging.2j"


@pytest.mark.rules("merging.3")
def test_a_merged_permanent_leaving_is_one_permanent_and_each_component_moves():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears", {"card": "Zombie", "token": True}], id="m")]}})
    act(g, "move", object="m", to="graveyard", cause="destroy")
    leaving = [e for e in events(g, "zone_change") if e["object"] == "m"]
    assert len(leaving) == 1 and len(leaving[0]["components"]) == 3
    assert {o["card"] for o in objects(g, zone="graveyard")} == {"Gemrazer", "Grizzly Bears"}
    assert events(g, "ceased_to_exist")[-1]["card"] == "Zombie"


@pytest.mark.rules("merging.3a")
def test_the_owner_arranges_the_cards_put_into_the_graveyard():
    for order in (["Grizzly Bears", "Gemrazer"], ["Gemrazer", "Grizzly Bears"]):
        g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears"], id="m")]}})
        act(g, "move", object="m", to="graveyard", order=order)
        snap = g.snapshot()
        assert [snap["objects"][o]["card"] for o in snap["players"]["alice"]["graveyard"]] == order  # top first


@pytest.mark.rules("merging.3b")
def test_exiling_a_merged_permanent_its_controller_orders_the_timestamps():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears"], id="m")]}})
    act(g, "move", object="m", to="exile", order=["Grizzly Bears", "Gemrazer"])
    exiled = {o["card"]: o["timestamp"] for o in objects(g, zone="exile")}
    assert exiled["Grizzly Bears"] < exiled["Gemrazer"]


@pytest.mark.rules("merging.3c")
def test_an_effect_that_finds_the_new_object_finds_all_of_them():
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears"], id="m")]}})
    returned = act(g, "move", object="m", to="exile", return_to_battlefield=True)["value"]
    assert len(returned) == 2
    assert {o["card"] for o in objects(g, zone="battlefield")} == {"Gemrazer", "Grizzly Bears"}
    assert not any(o["merged"] for o in objects(g, zone="battlefield"))


@pytest.mark.rules("merging.3d")
def test_a_replacement_applied_to_a_merged_permanent_applies_to_all_components():
    effects = [{"kind": "replacement", "name": "Leyline", "to": "graveyard", "instead": "exile"},
               {"kind": "replacement", "name": "Wheel", "to": "graveyard", "instead": "library"}]
    for choice, zone in (("Leyline", "exile"), ("Wheel", "library")):
        g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=["Grizzly Bears"], id="m")]}}, effects=effects)
        act(g, "move", object="m", to="graveyard", replacement_order=[choice])
        assert {o["zone"] for o in objects(g, "Gemrazer") + objects(g, "Grizzly Bears")} == {zone}
        assert [e for e in events(g, "zone_change") if e["object"] == "m"][0]["replacements"] == [choice]


@pytest.mark.rules("merging.3e")
def test_a_card_replacement_moves_every_component_of_a_nontoken_merged_permanent():
    effects = [{"kind": "replacement", "name": "cards to exile", "to": "graveyard", "instead": "exile", "objects": "card"}]
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", components=[{"card": "Zombie", "token": True}], id="m")]}}, effects=effects)
    act(g, "move", object="m", to="graveyard")
    move = [e for e in events(g, "zone_change") if e["object"] == "m"][0]
    assert {c["to"] for c in move["components"]} == {"exile"}


@pytest.mark.rules("merging.3e")
def test_a_card_replacement_on_a_token_merged_permanent_moves_only_the_cards():
    effects = [{"kind": "replacement", "name": "cards to exile", "to": "graveyard", "instead": "exile", "objects": "card"}]
    g = new_game({"alice": {"battlefield": [merged(card="Zombie", token=True, components=["Gemrazer"], id="m")]}}, effects=effects)
    act(g, "move", object="m", to="graveyard")
    move = [e for e in events(g, "zone_change") if e["object"] == "m"][0]
    assert {c["card"]: c["to"] for c in move["components"]} == {"Zombie": "graveyard", "Gemrazer": "exile"}
    assert one(g, "Gemrazer")["zone"] == "exile"


@pytest.mark.rules("merging.1", "cr.current.mutate")
def test_a_mutating_spell_whose_target_is_gone_resolves_as_a_creature_spell():
    g, target = mutate_game()
    act(g, "move", object=target, to="graveyard", cause="destroy")
    act(g, "resolve")
    gemrazer = one(g, "Gemrazer", "battlefield")
    assert not gemrazer["merged"] and events(g, "mutate_target_illegal")
    assert [e for e in events(g, "enters_battlefield") if e["object"] == gemrazer["id"]]


@pytest.mark.rules("merging.2h", "merging.2c")
def test_a_flip_card_merging_onto_a_flipped_permanent_shows_its_flipped_characteristics():
    g = new_game({"alice": {"battlefield": [{"card": NEZUMI, "id": "m"}], "hand": [{"card": NEZUMI, "id": "h"}]}})
    act(g, "flip", object="m")
    act(g, "merge", object="h", onto="m", position="top", mutate=False)
    assert g.snapshot()["objects"]["m"]["characteristics"]["names"] == ["Stabwhisker the Odious"]


@pytest.mark.rules("cr.current.mutate")
def test_a_mutated_permanent_has_the_activated_ability_of_a_component_under_the_top():
    """702.140e: Gemrazer mutated on top of Wild Mongrel has Mongrel's activated ability."""
    g2 = new_game({"alice": {"battlefield": [merged(card="Gemrazer", id="m", components=["Wild Mongrel"])], "hand": ["Island"]}})
    act(g2, "activate", player="alice", object="m", discard="Island")
    act(g2, "resolve", choices={"color": "U"})
    c = chars(g2, "Gemrazer", "battlefield")
    assert (c["power"], c["toughness"], c["colors"]) == (5, 5, ["U"])


@pytest.mark.rules("cr.current.mutate")
def test_a_mutated_permanent_has_the_triggered_and_static_abilities_of_each_component():
    """702.140e: Garruk's Packleader under Gemrazer still draws when a 3-power creature enters;
    Akroma's protection from white under Gemrazer keeps Swords to Plowshares from targeting it
    (702.16b)."""
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", id="m", components=["Garruk's Packleader"])],
                            "hand": ["Enormous Baloth"], "library": ["Island"]}})
    act(g, "cast", player="alice", card="Enormous Baloth")
    act(g, "resolve")
    assert events(g, "trigger")[-1]["text"].startswith("Whenever another creature you control with power 3")
    act(g, "resolve")
    assert one(g, "Island")["zone"] == "hand"
    g = new_game({"alice": {"battlefield": [merged(card="Gemrazer", id="m", components=["Akroma, Angel of Fury"])], "hand": ["Island"]},
                  "bob": {"hand": ["Swords to Plowshares"]}}, turn={"active": "bob", "priority": "bob"})
    assert refuse(g, "cast", player="bob", card="Swords to Plowshares", targets=["m"])["rule"]  # protection from white: can't be targeted
