"""Equipment (model/attachments.py, model/equipment.py): equip, the bonus it gives, the
state-based action 704.5n (an Equipment attached illegally becomes unattached and stays), and an
Equipment's trigger on the equipped creature's combat damage."""

import pytest

from model_testkit import act, one, refuse
from test_model_corpus_fixes import game_with


@pytest.mark.rules("cr.current.priority")
def test_equip_attaches_as_a_sorcery_and_gives_its_bonus():
    g = game_with({"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Bonesplitter", "id": "bs"}]}, "bob": {}}, "Bonesplitter")
    act(g, "activate", player="alice", object="bs", ability="Equip {1}", targets=["bears"])
    assert refuse(g, "activate", player="alice", object="bs", ability="Equip {1}", targets=["bears"])["reason"].endswith("activate only as a sorcery")
    act(g, "resolve")
    assert one(g, "Bonesplitter")["attached_to"] == "bears"
    c = one(g, "Grizzly Bears")["characteristics"]
    assert (c["power"], c["toughness"]) == (4, 2)


@pytest.mark.rules("morph.q3", "cr.current.state-based-actions")
def test_equipment_falls_off_a_face_down_land_turned_face_up():
    g = game_with({"alice": {"battlefield": [{"card": "Zoetic Cavern", "id": "cav", "face_down": True, "face_down_as": "morph"},
                                            {"card": "Bonesplitter", "attached_to": "cav"}]}, "bob": {}}, "Bonesplitter", "Zoetic Cavern")
    c = one(g, "Zoetic Cavern")["characteristics"]
    assert (c["power"], c["toughness"]) == (4, 2)
    act(g, "turn_face_up", player="alice", object="cav", using="morph")
    equipment = one(g, "Bonesplitter")
    assert equipment["zone"] == "battlefield" and equipment["attached_to"] is None  # 704.5n: unattached, stays


@pytest.mark.rules("double-strike.q3", "cr.current.protection")
def test_sword_gives_protection_and_triggers_on_combat_damage_to_a_player():
    g = game_with({"alice": {"battlefield": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Sword of Fire and Ice", "attached_to": "bears"}],
                             "library": ["Island"]},
                   "bob": {"battlefield": [{"card": "Skirk Marauder", "id": "gob"}]}}, "Sword of Fire and Ice")
    act(g, "declare_attackers", player="alice", attackers={"bears": "bob"})
    assert refuse(g, "declare_blockers", player="bob", blockers={"gob": "bears"})["rule"] == "cr.current.protection"
    act(g, "declare_blockers", player="bob", blockers={})
    act(g, "advance_to", step="combat-damage", choices={"targets": ["bob"]})
    act(g, "resolve", all=True)
    snap = g.snapshot()
    assert snap["players"]["bob"]["life"] == 20 - 4 - 2
    assert len(snap["players"]["alice"]["hand"]) == 1
