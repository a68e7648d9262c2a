"""Target restrictions (115.1) in the structured vocabulary (model/targets.py): each kind of
restriction is checked as targets are chosen (601.2c) and again on resolution (608.2b), with
608.2b's outcomes: a spell whose every target is illegal doesn't resolve; one with some legal
targets resolves and does nothing to the illegal ones."""

import pytest

from model_testkit import act, events, new_game, one, refuse

CHOSEN = "cr.current.casting-spells"


def _cast_refused(g, card, target, player="alice"):
    refused = refuse(g, "cast", player=player, card=card, targets=[target])
    assert refused["rule"] == CHOSEN and "not a legal target" in refused["reason"]


@pytest.mark.rules(CHOSEN, "cr.current.mana-value")
def test_mana_value_comparison_eliminate():
    g = new_game({"alice": {"hand": ["Eliminate"]}, "bob": {"battlefield": ["Grizzly Bears", "Enormous Baloth"]}})
    _cast_refused(g, "Eliminate", one(g, "Enormous Baloth")["id"])  # mana value 7 > 3
    act(g, "cast", player="alice", card="Eliminate", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"


@pytest.mark.rules(CHOSEN)
def test_power_comparison_smite_the_monstrous_and_its_change_before_resolution():
    g = new_game({"alice": {"hand": ["Smite the Monstrous"]}, "bob": {"battlefield": ["Grizzly Bears", "Enormous Baloth"]}})
    _cast_refused(g, "Smite the Monstrous", one(g, "Grizzly Bears")["id"])  # power 2
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "pump", object=bears, power=2, toughness=0)  # now 4/2: a legal target
    act(g, "cast", player="alice", card="Smite the Monstrous", targets=[bears])
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"


@pytest.mark.rules(CHOSEN)
def test_color_and_type_exclusions_doom_blade_go_for_the_throat():
    g = new_game({"alice": {"hand": ["Doom Blade", "Go for the Throat"]}, "bob": {"battlefield": ["Walking Corpse", "Ornithopter", "Grizzly Bears"]}})
    _cast_refused(g, "Doom Blade", one(g, "Walking Corpse")["id"])  # black
    _cast_refused(g, "Go for the Throat", one(g, "Ornithopter")["id"])  # artifact
    act(g, "cast", player="alice", card="Doom Blade", targets=[one(g, "Ornithopter")["id"]])
    act(g, "cast", player="alice", card="Go for the Throat", targets=[one(g, "Walking Corpse")["id"]])
    act(g, "resolve", all=True)
    assert one(g, "Ornithopter")["zone"] == one(g, "Walking Corpse")["zone"] == "graveyard"


@pytest.mark.rules(CHOSEN, "cr.current.status")
def test_tapped_assassinate():
    g = new_game({"alice": {"hand": ["Assassinate"]}, "bob": {"battlefield": ["Grizzly Bears", {"card": "Walking Corpse", "tapped": True}]}})
    _cast_refused(g, "Assassinate", one(g, "Grizzly Bears")["id"])
    act(g, "cast", player="alice", card="Assassinate", targets=[one(g, "Walking Corpse")["id"]])
    act(g, "resolve")
    assert one(g, "Walking Corpse")["zone"] == "graveyard"


@pytest.mark.rules(CHOSEN)
def test_spell_types_negate_and_essence_scatter():
    g = new_game({"alice": {"hand": ["Grizzly Bears", "Lightning Bolt"]}, "bob": {"hand": ["Negate", "Essence Scatter"]}})
    bears = act(g, "cast", player="alice", card="Grizzly Bears")["value"]
    bolt = act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])["value"]
    act(g, "pass_priority", player="alice")
    _cast_refused(g, "Negate", bears, "bob")
    _cast_refused(g, "Essence Scatter", bolt, "bob")
    _cast_refused(g, "Essence Scatter", "alice", "bob")  # a player is no spell
    act(g, "cast", player="bob", card="Negate", targets=[bolt])
    act(g, "cast", player="bob", card="Essence Scatter", targets=[bears])
    act(g, "resolve", all=True)
    assert one(g, "Grizzly Bears")["zone"] == one(g, "Lightning Bolt")["zone"] == "graveyard"
    assert g.player("bob").life == 20


@pytest.mark.rules(CHOSEN)
def test_player_or_planeswalker_lava_axe():
    g = new_game({"alice": {"hand": ["Lava Axe"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    _cast_refused(g, "Lava Axe", one(g, "Grizzly Bears")["id"])  # a creature is neither
    act(g, "cast", player="alice", card="Lava Axe", targets=["bob"])
    act(g, "resolve")
    assert g.player("bob").life == 15


@pytest.mark.rules("cr.current.check-targets")
def test_a_target_that_no_longer_satisfies_the_restriction_makes_the_spell_not_resolve():
    """608.2b: Smite the Monstrous targets a 4-power creature that is 2-power again when it resolves."""
    g = new_game({"alice": {"hand": ["Smite the Monstrous"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "pump", object=bears, power=2, toughness=0)
    act(g, "cast", player="alice", card="Smite the Monstrous", targets=[bears])
    act(g, "pump", object=bears, power=-2, toughness=0)
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["zone"] == "battlefield"
    assert one(g, "Smite the Monstrous")["zone"] == "graveyard"
    assert events(g, "resolve")[-1]["outcome"].startswith("countered on resolution")


@pytest.mark.rules("cr.current.check-targets")
def test_a_spell_whose_only_target_left_does_nothing_at_all():
    """608.2b: Cerulean Wisps' only target has left: the spell doesn't resolve, so its untargeted
    "Draw a card" doesn't happen either."""
    g = new_game({"alice": {"hand": ["Cerulean Wisps"], "library": ["Island"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "cast", player="alice", card="Cerulean Wisps", targets=[bears])
    act(g, "move", object=bears, to="hand")
    act(g, "resolve")
    assert events(g, "resolve")[-1]["outcome"].startswith("countered")  # its only target is gone
    assert one(g, "Island")["zone"] == "library"


@pytest.mark.rules("cr.current.check-targets")
def test_an_abilitys_only_illegal_target_removes_it_from_the_stack():
    """608.2b for abilities: Prodigal Sorcerer's target has left; the ability doesn't resolve."""
    g = new_game({"alice": {"battlefield": ["Prodigal Sorcerer"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "activate", player="alice", object=one(g, "Prodigal Sorcerer")["id"], targets=[bears])
    act(g, "move", object=bears, to="hand")
    act(g, "resolve")
    assert events(g, "resolve")[-1]["outcome"].startswith("doesn't resolve")
    assert not events(g, "damage")
