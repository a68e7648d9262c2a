"""Flash (a spell with flash may be cast any time its caster has priority) and Merfolk
Trickster's "tap target creature an opponent controls; it loses all abilities until end of turn"."""

import pytest

from model_testkit import act, one, refuse
from test_model_corpus_fixes import game_with


@pytest.mark.rules("double-strike.c", "cr.current.casting-spells")
def test_flash_creature_cast_in_combat_removes_double_strike():
    g = game_with({"alice": {"battlefield": [{"card": "Boros Swiftblade", "id": "blade"}]},
                   "bob": {"hand": ["Merfolk Trickster", "Grizzly Bears"], "battlefield": ["Island", "Island"]}}, "Merfolk Trickster")
    act(g, "declare_attackers", player="alice", attackers={"blade": "bob"})
    act(g, "pass_priority", player="alice")
    assert refuse(g, "cast", player="bob", card="Grizzly Bears")["rule"] == "cr.current.casting-spells"  # no flash
    act(g, "cast", player="bob", card="Merfolk Trickster")
    act(g, "resolve", all=True, choices={"targets": ["blade"]})
    blade = one(g, "Boros Swiftblade")
    assert blade["tapped"] and "Double strike" not in blade["characteristics"]["keywords"]
    act(g, "end_turn")
    assert "Double strike" in one(g, "Boros Swiftblade")["characteristics"]["keywords"]  # until end of turn
