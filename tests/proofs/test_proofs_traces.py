"""Trace properties over event logs (model/events.schema.json): wrong logs are caught, the
reference model's logs pass."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from mtgrules.proofs.traces import PROPERTIES, REFERENCE_GAMES, check_log, run_reference_game

SCHEMA = Path(__file__).resolve().parents[2] / "model" / "events.schema.json"


def log(*events):
    out = [dict(e, seq=i) for i, e in enumerate(events, 1)]
    if SCHEMA.exists():
        jsonschema.validate(out, json.loads(SCHEMA.read_text()))
    return out


def zc(obj, frm, to, new, **kw):
    return {"type": "zone_change", "object": obj, "from": frm, "to": to, "cause": kw.pop("cause", "effect"), "replacements": kw.pop("replacements", []),
            "new_objects": new, **kw}


def cast(obj, card, **kw):
    return {"type": "cast", "player": "alice", "object": obj, "card": card, **kw}


def names(violations):
    return {v.property for v in violations}


@pytest.mark.rules("flashback.a", "flashback.q5")
def test_flashback_spell_put_into_graveyard_is_caught():
    events = log(zc("c1", "graveyard", "stack", ["s1"], cause="cast"), cast("s1", "Firebolt", alternative_cost="flashback"),
                 zc("s1", "stack", "graveyard", ["g1"], cause="countered"))
    assert names(check_log(events)) == {"flashback-exiled"}
    ok = log(zc("c1", "graveyard", "stack", ["s1"], cause="cast"), cast("s1", "Firebolt", alternative_cost="flashback"),
             zc("s1", "stack", "exile", ["e1"], cause="countered", replacements=["flashback"]))
    assert check_log(ok) == []


@pytest.mark.rules("flashback.a")
def test_a_card_cast_normally_may_go_to_the_graveyard():
    events = log(cast("s1", "Firebolt"), zc("s1", "stack", "graveyard", ["g1"], cause="resolve"))
    assert check_log(events) == []


@pytest.mark.rules("storm.q2", "storm.q4")
def test_a_copy_that_is_cast_is_caught():
    events = log(cast("s1", "Grapeshot"), {"type": "copied", "object": "k1", "of": "s1", "cast": False}, cast("k1", "Grapeshot"))
    assert "copies-not-cast" in names(check_log(events))


@pytest.mark.rules("storm.a", "storm.q2", "storm.q5")
def test_storm_count():
    base = [cast("a", "Lightning Bolt"), {"type": "copied", "object": "x", "of": "a", "cast": False}, cast("b", "Lightning Bolt"), cast("s", "Grapeshot")]
    right = log(*base, {"type": "copied", "object": "k1", "of": "s", "cast": False}, {"type": "copied", "object": "k2", "of": "s", "cast": False})
    assert check_log(right, {"storm": {"Grapeshot": 1}}) == []
    too_many = log(*base, *[{"type": "copied", "object": f"k{i}", "of": "s", "cast": False} for i in range(3)])  # counted the copy "x"
    assert "storm-count" in names(check_log(too_many, {"storm": {"Grapeshot": 1}}))
    assert "storm-count" in names(check_log(right, {"storm": {"Grapeshot": 2}}))  # two instances: four copies
    next_turn = log(cast("a", "Lightning Bolt"), {"type": "end_turn", "player": "alice"}, cast("s", "Grapeshot"))
    assert check_log(next_turn, {"storm": {"Grapeshot": 1}}) == []


@pytest.mark.rules("dfc-2016.12")
def test_transform_as_a_new_object_is_caught():
    events = log(zc("p1", "battlefield", "battlefield", ["p2"], cause="transform"), {"type": "transformed", "object": "p1"})
    assert "transform-same-object" in names(check_log(events))
    events = log({"type": "transformed", "object": "p1"}, zc("p1", "battlefield", "battlefield", ["p1"], cause="transform"))
    assert "transform-same-object" in names(check_log(events))


@pytest.mark.rules("morph.q5")
def test_turning_face_up_reported_as_entering_is_caught():
    events = log({"type": "turned_face_up", "object": "m"}, {"type": "enters_battlefield", "object": "m"})
    assert "face-up-same-object" in names(check_log(events))


@pytest.mark.rules("merging.3")
def test_merged_permanent_losing_a_component_is_caught():
    events = log({"type": "merged", "object": "gb", "components": ["Gemrazer", "Grizzly Bears", "Elite Vanguard"]},
                 zc("gb", "battlefield", "graveyard", ["o1", "o2"], cause="destroy"))
    assert "merged-components-kept" in names(check_log(events))
    dup = log({"type": "merged", "object": "gb", "components": ["Gemrazer", "Grizzly Bears"]}, zc("gb", "battlefield", "graveyard", ["o1", "o1"]))
    assert "merged-components-kept" in names(check_log(dup))


def test_every_property_names_rules_and_a_proof():
    from mtgrules.proofs.registry import obligations
    from mtgrules.spec import load_spec

    spec = load_spec()
    proofs = {ob.name.split("[")[0] for ob in obligations()}
    for prop in PROPERTIES:
        assert prop.rules and all(r in spec for r in prop.rules)
        assert prop.proof in proofs, prop.proof


@pytest.mark.parametrize("game", REFERENCE_GAMES, ids=[g["name"] for g in REFERENCE_GAMES])
def test_reference_model_logs_satisfy_every_property(game):
    events, refusals = run_reference_game(game)
    assert not refusals
    assert events
    assert check_log(events, game["context"]) == []
