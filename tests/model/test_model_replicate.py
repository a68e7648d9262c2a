"""Replicate (model/replicate.py, 702.56): the replicate cost paid N times gives N copies, which
are not cast (storm.q4)."""

import pytest

from model_testkit import act, events, new_game, objects, refuse
from test_model_corpus_fixes import game_with


@pytest.mark.rules("storm.q4", "cr.current.copy-of-spell")
def test_replicate_copies_with_new_targets_are_not_cast():
    g = game_with({"alice": {"hand": ["Gigadrowse"], "battlefield": ["Island", "Island", "Island"]},
                   "bob": {"battlefield": [{"card": "Forest", "id": "f1"}, {"card": "Forest", "id": "f2"}, {"card": "Forest", "id": "f3"}]}},
                  "Gigadrowse", mana=False)
    act(g, "cast", player="alice", card="Gigadrowse", targets=["f1"], replicate=2)
    act(g, "resolve", all=True, choices={"new_targets": ["f2", "f3"]})
    assert all(o["tapped"] for o in objects(g, "Forest"))
    assert len(events(g, "cast")) == 1  # the copies were not cast
    assert len([e for e in events(g, "copied") if e.get("cause") == "replicate"]) == 2
    assert g.snapshot()["players"]["alice"]["spells_cast_this_turn"] == 1


@pytest.mark.rules("storm.q4")
def test_each_replicate_payment_costs_its_mana_and_only_replicate_cards_have_it():
    g = game_with({"alice": {"hand": ["Gigadrowse"], "battlefield": ["Island", "Island"]}, "bob": {"battlefield": [{"card": "Forest", "id": "f1"}]}},
                  "Gigadrowse", mana=False)
    refuse(g, "cast", player="alice", card="Gigadrowse", targets=["f1"], replicate=2)  # {U}{U}{U}: two Islands
    g = new_game({"alice": {"hand": ["Shock"]}, "bob": {}})
    refuse(g, "cast", player="alice", card="Shock", targets=["bob"], replicate=1)
