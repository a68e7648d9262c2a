"""Double-faced cards and transform, rule 711 of 8 April 2016 (seed 003), and the current
rules where the model's edition option changes the outcome."""

import pytest

from model_testkit import act, chars, events, new_game, one, refuse, top_of_stack

IRONSMITH = "Village Ironsmith // Ironfang"
KRUIN = "Kruin Outlaw // Terror of Kruin Pass"
GANG = "Instigator Gang // Wildblood Pack"
SEER = "Test Seer // Test Vision"


def battlefield(*entries, **setup):
    return new_game({"alice": {"battlefield": list(entries)}}, **setup)


@pytest.mark.rules("dfc-2016.1")
def test_a_double_faced_card_transforms_to_its_other_face():
    g = battlefield(IRONSMITH)
    act(g, "transform", object=IRONSMITH)
    assert one(g, IRONSMITH)["face"] == "back"
    assert chars(g, IRONSMITH)["names"] == ["Ironfang"]


@pytest.mark.rules("dfc-2016.1")
def test_a_token_cant_transform_in_2016_but_can_today():
    for edition, face in (("2016-04-08", "front"), ("2026-08-07", "back")):
        g = battlefield({"card": IRONSMITH, "token": True}, edition=edition)
        act(g, "transform", object=IRONSMITH)
        assert one(g, IRONSMITH)["face"] == face


@pytest.mark.rules("dfc-2016.4", "dfc-2016.4a")
@pytest.mark.parametrize("zone", ["hand", "library", "graveyard", "exile", "command"])
def test_outside_the_battlefield_only_the_front_face(zone):
    g = new_game({"alice": {zone: [IRONSMITH]}})
    c = chars(g, IRONSMITH, zone)
    assert c["names"] == ["Village Ironsmith"] and c["mana_cost"] == "{1}{R}" and (c["power"], c["toughness"]) == (1, 1)


@pytest.mark.rules("dfc-2016.4a")
def test_on_the_battlefield_front_face_up_only_the_front_face():
    c = chars(battlefield(IRONSMITH), IRONSMITH)
    assert c["names"] == ["Village Ironsmith"] and c["subtypes"] == ["Human", "Werewolf"]


@pytest.mark.rules("dfc-2016.4a", "dfc-2016.7")
def test_on_the_stack_only_the_front_face():
    g = new_game({"alice": {"hand": [IRONSMITH]}})
    act(g, "cast", player="alice", card=IRONSMITH)
    spell = top_of_stack(g)
    assert spell["face"] == "front" and spell["characteristics"]["names"] == ["Village Ironsmith"]


@pytest.mark.rules("dfc-2016.4b")
def test_back_face_up_it_has_the_back_face_with_the_front_faces_mana_value():
    g = battlefield({"card": IRONSMITH, "transformed": True})
    c = chars(g, IRONSMITH)
    assert c["names"] == ["Ironfang"] and (c["power"], c["toughness"]) == (3, 1)
    assert c["mana_cost"] is None and c["mana_value"] == 2
    assert c["colors"] == ["R"]


@pytest.mark.rules("dfc-2016.4b", "dfc-2016.5.ex1")
def test_a_copy_of_a_back_face_has_mana_value_0_and_cant_transform():
    g = new_game({"alice": {"battlefield": [{"card": GANG, "transformed": True}], "hand": ["Clone"]}})
    act(g, "put_onto_battlefield", object="Clone", as_copy_of=GANG)
    clone = one(g, "Clone", "battlefield")
    assert clone["characteristics"]["names"] == ["Wildblood Pack"]
    assert clone["characteristics"]["mana_value"] == 0
    act(g, "transform", object=clone["id"])
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.5"
    assert one(g, "Clone", "battlefield")["characteristics"]["names"] == ["Wildblood Pack"]


@pytest.mark.rules("dfc-2016.5")
def test_transforming_a_permanent_not_represented_by_a_dfc_does_nothing():
    g = battlefield("Grizzly Bears")
    before = g.snapshot()
    act(g, "transform", object="Grizzly Bears")
    assert g.snapshot()["objects"] == before["objects"]
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.5"


@pytest.mark.rules("dfc-2016.5.ex2", "dfc-2016.5")
def test_a_dfc_copying_a_plain_creature_transforms_and_stays_a_copy_that_turn():
    g = new_game({"alice": {"battlefield": [KRUIN, "Elite Vanguard"]}})
    act(g, "become_copy", object=KRUIN, of="Elite Vanguard")
    assert chars(g, KRUIN, "battlefield")["names"] == ["Elite Vanguard"]
    act(g, "transform", object=KRUIN)
    kruin = one(g, KRUIN, "battlefield")
    assert kruin["face"] == "back"
    assert kruin["characteristics"]["names"] == ["Elite Vanguard"]
    act(g, "end_turn")
    assert chars(g, KRUIN, "battlefield")["names"] == ["Terror of Kruin Pass"]


@pytest.mark.rules("dfc-2016.6")
def test_it_cant_transform_into_an_instant_or_sorcery_face():
    g = battlefield(SEER)
    act(g, "transform", object=SEER)
    assert one(g, SEER)["face"] == "front"
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.6"


@pytest.mark.rules("dfc-2016.7")
def test_cast_with_its_front_face_up_and_not_transformed_in_2016():
    g = new_game({"alice": {"hand": [IRONSMITH]}})
    r = refuse(g, "cast", player="alice", card=IRONSMITH, transformed=True)
    assert r["rule"] == "dfc-2016.7"


@pytest.mark.rules("dfc-2016.8")
def test_it_enters_front_face_up_by_default():
    g = new_game({"alice": {"hand": [IRONSMITH], "graveyard": [KRUIN]}})
    act(g, "cast", player="alice", card=IRONSMITH)
    act(g, "resolve")
    act(g, "put_onto_battlefield", object=KRUIN)
    assert one(g, IRONSMITH, "battlefield")["face"] == "front"
    assert one(g, KRUIN, "battlefield")["face"] == "front"


@pytest.mark.rules("dfc-2016.8")
def test_put_onto_the_battlefield_transformed_it_enters_back_face_up():
    g = new_game({"alice": {"graveyard": [IRONSMITH]}})
    act(g, "put_onto_battlefield", object=IRONSMITH, transformed=True)
    assert chars(g, IRONSMITH, "battlefield")["names"] == ["Ironfang"]


@pytest.mark.rules("dfc-2016.8a")
def test_a_card_that_isnt_double_faced_put_onto_the_battlefield_transformed_stays():
    g = new_game({"alice": {"graveyard": ["Grizzly Bears"]}})
    act(g, "put_onto_battlefield", object="Grizzly Bears", transformed=True)
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.8a"


@pytest.mark.rules("dfc-2016.9")
def test_a_face_down_double_faced_card_has_the_face_down_characteristics():
    g = new_game({"alice": {"library": [IRONSMITH]}})
    act(g, "manifest", player="alice")
    c = chars(g, IRONSMITH, "battlefield")
    assert c["names"] == [] and c["mana_cost"] is None and (c["power"], c["toughness"]) == (2, 2) and c["subtypes"] == []


@pytest.mark.rules("dfc-2016.9a")
def test_face_down_it_cant_transform_and_turns_up_front_face_up():
    g = battlefield({"card": IRONSMITH, "face_down": True, "face_down_as": "manifest"})
    act(g, "transform", object=IRONSMITH)
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.9a"
    act(g, "turn_face_up", player="alice", object=IRONSMITH)
    permanent = one(g, IRONSMITH, "battlefield")
    assert permanent["face"] == "front" and permanent["characteristics"]["names"] == ["Village Ironsmith"]


@pytest.mark.rules("dfc-2016.10")
def test_a_double_faced_permanent_cant_be_turned_face_down():
    g = battlefield(IRONSMITH)
    act(g, "turn_face_down", object=IRONSMITH)
    assert not one(g, IRONSMITH)["face_down"]
    assert events(g, "no_effect")[-1]["rule"] == "dfc-2016.10"


@pytest.mark.rules("dfc-2016.12", "dfc-2016.12.ex1")
def test_transforming_keeps_the_object_and_its_until_end_of_turn_effects():
    g = battlefield(IRONSMITH)
    before = one(g, IRONSMITH)["id"]
    act(g, "pump", object=IRONSMITH, power=2, toughness=2)
    act(g, "transform", object=IRONSMITH)
    after = one(g, IRONSMITH)
    assert after["id"] == before
    c = after["characteristics"]
    assert c["names"] == ["Ironfang"] and (c["power"], c["toughness"]) == (5, 3)
    act(g, "end_turn")
    c = chars(g, IRONSMITH)
    assert (c["power"], c["toughness"]) == (3, 1)


@pytest.mark.rules("dfc-2016.13")
def test_naming_either_face_but_not_both():
    g = new_game({"alice": {"hand": [IRONSMITH], "battlefield": [{"card": KRUIN, "transformed": True}]}})
    assert refuse(g, "choose_name", player="bob", name=IRONSMITH)["rule"] == "dfc-2016.13"
    assert act(g, "choose_name", player="bob", name="Village Ironsmith")["value"] == [one(g, IRONSMITH)["id"]]
    assert act(g, "choose_name", player="bob", name="Ironfang")["value"] == []  # in hand: front face only
    assert act(g, "choose_name", player="bob", name="Terror of Kruin Pass")["value"] == [one(g, KRUIN)["id"]]


@pytest.mark.rules("dfc-2016.4a", "dfc-2016.4b")
def test_edition_differences_are_observable_only_where_the_rules_differ():
    for edition in ("2016-04-08", "2026-08-07"):
        g = battlefield({"card": IRONSMITH, "transformed": True}, edition=edition)
        assert chars(g, IRONSMITH)["mana_value"] == 2


@pytest.mark.rules("dfc-2016.5")
def test_only_permanents_transform_a_card_in_another_zone_does_not():
    g = new_game({"alice": {"library": [{"card": IRONSMITH, "id": "d"}]}})
    refuse(g, "transform", object="d")
    assert one(g, IRONSMITH)["face"] == "front"
