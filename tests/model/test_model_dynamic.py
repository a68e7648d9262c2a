"""Dynamic cards (seed 000, DYN), driven through the public interface."""

import pytest

from model_testkit import DSPB, act, chars, events, new_game, objects, one, refuse, top_of_stack

COMBINED = {"names": ["Divine Skywarden", "Purewind Blessings"], "mana_cost": "{4}{W}{W}{U}{U}", "mana_value": 8, "colors": ["W", "U"]}


def hand_game(**extra):
    return new_game({"alice": {"hand": [DSPB], "library": ["Grizzly Bears", "Island", "Lightning Bolt", "Elite Vanguard"]}}, **extra)


@pytest.mark.rules("dyn.1", "dyn.4c")
def test_both_halves_make_up_the_normal_characteristics():
    c = chars(hand_game(), DSPB, "hand")
    assert c["types"] == ["Creature", "Instant"]
    assert "Dynamic" in c["supertypes"]
    assert "Flying, lifelink" in c["abilities"]
    assert any(a.startswith("Scry 3") for a in c["abilities"])


@pytest.mark.rules("dyn.2")
def test_a_dynamic_card_is_one_card_when_drawn_and_discarded():
    g = new_game({"alice": {"library": [DSPB]}})
    act(g, "draw", player="alice")
    assert len(g.snapshot()["players"]["alice"]["hand"]) == 1
    assert events(g, "draw")[-1]["cards"] == 1
    act(g, "discard", player="alice", object=DSPB)
    assert len(g.snapshot()["players"]["alice"]["graveyard"]) == 1
    assert events(g, "discard")[-1]["cards"] == 1


@pytest.mark.rules("dyn.3")
def test_a_half_must_be_chosen_before_casting():
    g = hand_game()
    r = refuse(g, "cast", player="alice", card=DSPB)
    assert r["rule"] == "dyn.3"
    act(g, "cast", player="alice", card=DSPB, half="Divine Skywarden")
    assert top_of_stack(g)["half"] == "Divine Skywarden"


@pytest.mark.rules("dyn.3a")
def test_only_the_chosen_half_is_evaluated_to_see_if_it_can_be_cast():
    # Bob's turn: the instant half can be cast, the creature half can't (sorcery timing).
    g = new_game({"alice": {"hand": [DSPB]}}, turn={"active": "bob", "priority": "alice"})
    r = refuse(g, "cast", player="alice", card=DSPB, half="Divine Skywarden")
    assert r["rule"] == "dyn.3a"
    act(g, "cast", player="alice", card=DSPB, half="Purewind Blessings")
    # only the chosen half's cost is paid: {1}{W}{U}
    assert events(g, "cast")[-1]["cost"] == "{1}{W}{U}"


@pytest.mark.rules("dyn.3a")
def test_only_the_chosen_halfs_cost_is_needed():
    g = new_game({"alice": {"hand": [DSPB]}}, players={"alice": {"mana_pool": {"W": 1, "U": 1, "C": 1}}, "bob": {}})
    refuse(g, "cast", player="alice", card=DSPB, half="Divine Skywarden")
    act(g, "cast", player="alice", card=DSPB, half="Purewind Blessings")
    assert g.snapshot()["players"]["alice"]["mana_pool"] == {}


@pytest.mark.rules("dyn.3b", "dyn.6")
@pytest.mark.parametrize("half, expected", [
    ("Divine Skywarden", {"names": ["Divine Skywarden"], "mana_value": 5, "types": ["Creature"], "power": 3}),
    ("Purewind Blessings", {"names": ["Purewind Blessings"], "mana_value": 3, "types": ["Instant"], "power": None}),
])
def test_on_the_stack_only_the_chosen_half_exists(half, expected):
    g = hand_game()
    act(g, "cast", player="alice", card=DSPB, half=half)
    spell = top_of_stack(g)
    assert spell["half"] == half
    for key, value in expected.items():
        assert spell["characteristics"][key] == value


@pytest.mark.rules("dyn.3c")
def test_a_cast_copy_keeps_both_halves_and_a_half_is_chosen():
    g = new_game({"alice": {"graveyard": [DSPB]}})
    refuse(g, "cast_copy", player="alice", object=DSPB)
    act(g, "cast_copy", player="alice", object=DSPB, half="Purewind Blessings")
    spell = top_of_stack(g)
    assert spell["copy"] and spell["spell"]["cast"]
    assert spell["characteristics"]["names"] == ["Purewind Blessings"]
    assert one(g, DSPB, "graveyard")  # the card itself stays where it is
    assert g.snapshot()["players"]["alice"]["spells_cast_this_turn"] == 1


@pytest.mark.rules("dyn.3c")
def test_a_cast_copy_of_the_permanent_half_becomes_a_token():
    g = new_game({"alice": {"exile": [DSPB]}})
    act(g, "cast_copy", player="alice", object=DSPB, half="Divine Skywarden")
    act(g, "resolve")
    permanent = one(g, DSPB, "battlefield")
    assert permanent["token"] and permanent["characteristics"]["names"] == ["Divine Skywarden"]


@pytest.mark.rules("dyn.4", "dyn.4b", "dyn.example.r1")
@pytest.mark.parametrize("zone", ["hand", "library", "graveyard", "exile", "command"])
def test_outside_stack_and_battlefield_the_halves_are_combined(zone):
    g = new_game({"alice": {zone: [DSPB]}})
    c = chars(g, DSPB, zone)
    for key, value in COMBINED.items():
        assert c[key] == value


@pytest.mark.rules("dyn.4a")
def test_choosing_a_name_takes_one_name_not_both():
    g = hand_game()
    r = refuse(g, "choose_name", player="bob", name=DSPB)
    assert r["rule"] == "dyn.4a"
    found = act(g, "choose_name", player="bob", name="Purewind Blessings")["value"]
    assert found == [one(g, DSPB, "hand")["id"]]


@pytest.mark.rules("dyn.4a")
def test_on_the_battlefield_only_the_permanent_name_matches():
    g = new_game({"alice": {"battlefield": [DSPB]}})
    assert act(g, "choose_name", player="bob", name="Purewind Blessings")["value"] == []
    assert len(act(g, "choose_name", player="bob", name="Divine Skywarden")["value"]) == 1


@pytest.mark.rules("dyn.5", "dyn.example.r2")
def test_the_permanent_half_resolves_onto_the_battlefield_as_only_that_half():
    g = hand_game()
    act(g, "cast", player="alice", card=DSPB, half="Divine Skywarden")
    act(g, "resolve")
    c = chars(g, DSPB, "battlefield")
    assert c["names"] == ["Divine Skywarden"] and c["mana_value"] == 5 and c["types"] == ["Creature"]
    assert c["subtypes"] == ["Angel"] and (c["power"], c["toughness"]) == (3, 3)
    assert not any(a.startswith("Scry 3") for a in c["abilities"])
    assert events(g, "trigger"), "its enters-the-battlefield trigger (scry 1) triggers"


@pytest.mark.rules("dyn.5")
def test_after_leaving_the_battlefield_both_halves_exist_again():
    g = new_game({"alice": {"battlefield": [DSPB]}})
    act(g, "move", object=DSPB, to="graveyard", cause="destroy")
    assert chars(g, DSPB, "graveyard")["names"] == COMBINED["names"]


@pytest.mark.rules("dyn.example.r3")
def test_the_nonpermanent_half_goes_to_the_graveyard_after_resolving():
    g = hand_game()
    act(g, "cast", player="alice", card=DSPB, half="Purewind Blessings")
    act(g, "resolve")
    assert objects(g, DSPB, "battlefield") == []
    assert one(g, DSPB, "graveyard")
    # Purewind Blessings: top card (Grizzly Bears, MV 2) to hand, gain 2 life
    assert one(g, "Grizzly Bears", "hand")
    assert g.snapshot()["players"]["alice"]["life"] == 22


@pytest.mark.rules("dyn.example", "dyn.4b")
def test_purewind_blessings_revealing_a_dynamic_card_gains_its_combined_mana_value():
    g = new_game({"alice": {"hand": [DSPB], "library": [DSPB]}})
    spell = [o for o in objects(g, DSPB, "hand")][0]
    act(g, "cast", player="alice", object=spell["id"], half="Purewind Blessings")
    act(g, "resolve")
    assert g.snapshot()["players"]["alice"]["life"] == 28


@pytest.mark.rules("dyn.5a", "dyn.example.r4")
@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
def test_put_onto_the_battlefield_it_enters_as_the_permanent_half(zone):
    g = new_game({"alice": {zone: [DSPB]}})
    act(g, "put_onto_battlefield", object=DSPB, player="alice")
    c = chars(g, DSPB, "battlefield")
    assert c["names"] == ["Divine Skywarden"] and c["types"] == ["Creature"]


@pytest.mark.rules("dyn.5b")
def test_turned_face_up_it_becomes_the_permanent_half():
    g = new_game({"alice": {"battlefield": [{"card": DSPB, "face_down": True, "face_down_as": "effect"}]}})
    assert chars(g, DSPB, "battlefield")["names"] == []
    act(g, "turn_face_up", player="alice", object=DSPB, using="effect")
    c = chars(g, DSPB, "battlefield")
    assert c["names"] == ["Divine Skywarden"] and c["mana_value"] == 5


@pytest.mark.rules("dyn.5c")
def test_manifested_it_turns_face_up_for_the_combined_mana_cost():
    g = new_game({"alice": {"library": [DSPB]}}, players={"alice": {"mana_pool": {"W": 2, "U": 2, "C": 3}}, "bob": {}})
    act(g, "manifest", player="alice")
    face_down = one(g, DSPB, "battlefield")
    assert face_down["face_down"] and face_down["characteristics"]["power"] == 2
    # {3}{W}{U} (the permanent half) is not enough: the combined cost is {4}{W}{W}{U}{U}
    r = refuse(g, "turn_face_up", player="alice", object=face_down["id"])
    assert r["rule"] == "cr.pre-2013.pay"
    act(g, "add_mana", player="alice", mana={"C": 1})
    act(g, "turn_face_up", player="alice", object=face_down["id"])
    c = chars(g, DSPB, "battlefield")
    assert c["names"] == ["Divine Skywarden"]
    assert g.snapshot()["players"]["alice"]["mana_pool"] == {}


@pytest.mark.rules("dyn.5c")
def test_a_manifested_dynamic_card_is_turned_up_only_with_priority():
    g = new_game({"alice": {"library": [DSPB]}}, turn={"active": "alice", "priority": "bob"})
    act(g, "manifest", player="alice")
    r = refuse(g, "turn_face_up", player="alice", object=one(g, DSPB, "battlefield")["id"])
    assert r["rule"] == "cr.current.special-actions"
