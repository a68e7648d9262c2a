"""Imprint (model/imprint.py): cards exiled with a permanent and the abilities linked to them
(607.2a): Isochron Scepter and Duplicant."""

import pytest

from model_testkit import DSPB, act, events, one
from test_model_corpus_fixes import game_with


@pytest.mark.rules("dyn.4b", "dyn.4c")
def test_scepter_exiles_a_cheap_instant_but_not_a_dynamic_card_whose_combined_mana_value_is_higher():
    g = game_with({"alice": {"hand": ["Isochron Scepter", DSPB, "Shock"]}, "bob": {}}, "Isochron Scepter")
    act(g, "cast", player="alice", card="Isochron Scepter")
    refused = g.apply({"action": "resolve", "all": True, "choices": {"may": True, "cards": [one(g, DSPB)["id"]]}})
    assert not refused.ok and refused.rule == "dyn.4c"
    act(g, "resolve", all=True, choices={"may": True, "cards": [one(g, "Shock")["id"]]})
    assert one(g, "Shock")["zone"] == "exile"


@pytest.mark.rules("cr.current.cast-copy", "storm.q3")
def test_scepter_copies_the_imprinted_card_and_the_copy_is_cast():
    g = game_with({"alice": {"exile": [{"card": "Shock", "id": "shock"}],
                             "battlefield": [{"card": "Isochron Scepter", "id": "sc", "linked": ["shock"]}]}, "bob": {}},
                  "Isochron Scepter")
    act(g, "activate", player="alice", object="sc", ability=1)
    act(g, "resolve", choices={"may": True, "cast": {"card": "shock", "targets": ["bob"]}})
    assert [e for e in events(g, "cast")]  # the copy was cast (707.12)
    act(g, "resolve", all=True)
    assert g.snapshot()["players"]["bob"]["life"] == 18
    assert one(g, "Shock")["zone"] == "exile"  # the card stays exiled


@pytest.mark.rules("merging.3b", "merging.3c")
def test_duplicant_takes_the_last_exiled_creature_cards_power_toughness_and_types():
    g = game_with({"alice": {"battlefield": [{"card": "Gemrazer", "id": "m", "components": ["Grizzly Bears"], "mutated": True}]},
                   "bob": {"hand": ["Duplicant"]}}, "Duplicant", turn={"active": "bob", "priority": "bob"})
    act(g, "cast", player="bob", card="Duplicant")
    act(g, "resolve", all=True, choices={"may": True, "targets": ["m"], "last_exiled": "Grizzly Bears"})
    assert one(g, "Gemrazer")["zone"] == "exile" and one(g, "Grizzly Bears")["zone"] == "exile"
    c = one(g, "Duplicant")["characteristics"]
    assert (c["power"], c["toughness"], sorted(c["subtypes"])) == (2, 2, ["Bear", "Shapeshifter"])
