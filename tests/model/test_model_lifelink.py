"""Lifelink (model/lifelink.py, 702.15b)."""

import pytest

from model_testkit import DSPB, act, new_game


@pytest.mark.rules("dyn.example.r2", "cr.current.combat-damage")
def test_combat_damage_from_a_creature_with_lifelink_gains_its_controller_that_much_life():
    g = new_game({"alice": {"battlefield": [{"card": DSPB, "id": "ds"}]}, "bob": {}})
    act(g, "declare_attackers", player="alice", attackers={"ds": "bob"})
    act(g, "declare_blockers", player="bob", blockers={})
    act(g, "advance_to", step="end-of-combat")
    players = g.snapshot()["players"]
    assert (players["alice"]["life"], players["bob"]["life"]) == (23, 17)


def test_damage_from_a_source_without_lifelink_gains_no_life():
    g = new_game({"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "b"}]}, "bob": {}})
    act(g, "declare_attackers", player="alice", attackers={"b": "bob"})
    act(g, "declare_blockers", player="bob", blockers={})
    act(g, "advance_to", step="end-of-combat")
    assert g.snapshot()["players"]["alice"]["life"] == 20
