"""Affinity (seed 004: 702.39 pre-2013, today 702.41) and its two rulings."""

import pytest

from model_testkit import act, events, new_game, refuse, top_of_stack


def cost_of(g, card, player="alice"):
    act(g, "cast", player=player, card=card)
    return events(g, "cast")[-1]["cost"]


@pytest.mark.rules("affinity.a", "affinity.q1")
def test_affinity_reduces_the_cost_by_one_for_each_artifact_you_control():
    g = new_game({"alice": {"hand": ["Frogmite"], "battlefield": ["Ornithopter", {"card": "Ornithopter", "tapped": True}]},
                  "bob": {"battlefield": ["Ornithopter"]}})
    assert cost_of(g, "Frogmite") == "{2}"  # tapped artifacts count; the opponent's don't
    g = new_game({"alice": {"hand": ["Frogmite"]}})
    assert cost_of(g, "Frogmite") == "{4}"


@pytest.mark.rules("affinity.b", "cr.current.generic-reduction")
def test_affinity_reduces_only_generic_mana():
    g = new_game({"alice": {"hand": ["Thoughtcast"], "battlefield": ["Ornithopter"] * 6}})
    assert cost_of(g, "Thoughtcast") == "{U}"
    g = new_game({"alice": {"hand": ["Thoughtcast"], "battlefield": ["Ornithopter"] * 6}}, players={"alice": {"mana_pool": {"R": 3}}, "bob": {}})
    assert refuse(g, "cast", player="alice", card="Thoughtcast")["rule"] == "cr.pre-2013.pay"


@pytest.mark.rules("affinity.c")
def test_each_instance_of_affinity_applies():
    g = new_game({"alice": {"hand": ["Conformance Double-Affinity Golem"], "battlefield": ["Ornithopter"] * 2}})
    assert cost_of(g, "Conformance Double-Affinity Golem") == "{2}"


@pytest.mark.rules("affinity.q2", "cr.current.mana-value")
def test_affinity_doesnt_change_the_mana_cost_or_mana_value():
    g = new_game({"alice": {"hand": ["Myr Enforcer"], "battlefield": ["Ornithopter"] * 7}})
    assert cost_of(g, "Myr Enforcer") == "{0}"
    values = top_of_stack(g)["characteristics"]
    assert values["mana_cost"] == "{7}" and values["mana_value"] == 7


@pytest.mark.rules("affinity.a", "cr.current.total-cost")
def test_affinity_applies_after_cost_increases():
    g = new_game({"alice": {"hand": ["Frogmite"], "battlefield": ["Ornithopter"] * 5}}, effects=[{"kind": "cost_modifier", "generic": 1}])
    assert cost_of(g, "Frogmite") == "{0}"  # {4} + {1} - 5
