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


def storm_copy(obj, of, **kw):
    return {"type": "copied", "object": obj, "of": of, "cast": False, "cause": "storm", **kw}


@pytest.mark.rules("storm.a", "storm.q2", "storm.q5")
def test_storm_count():
    base = [cast("a", "Lightning Bolt"), {"type": "copied", "object": "x", "of": "a", "cast": False}, cast("b", "Lightning Bolt"), cast("s", "Grapeshot")]
    right = log(*base, storm_copy("k1", "s"), storm_copy("k2", "s"))
    assert check_log(right, {"storm": {"Grapeshot": 1}}) == []
    too_many = log(*base, *[storm_copy(f"k{i}", "s") for i in range(3)])  # counted the copy "x"
    assert "storm-count" in names(check_log(too_many, {"storm": {"Grapeshot": 1}}))
    assert "storm-count" in names(check_log(right, {"storm": {"Grapeshot": 2}}))  # two instances: four copies
    next_turn = log(cast("a", "Lightning Bolt"), {"type": "end_turn", "player": "alice"}, cast("s", "Grapeshot"))
    assert check_log(next_turn, {"storm": {"Grapeshot": 1}}) == []


def twincast_log(twincast_copy: dict, *later):
    """Shock; Grapeshot (storm 1: its trigger makes one copy); Twincast copies Grapeshot."""
    return log(cast("o1", "Shock"), {"type": "resolve", "object": "o1", "card": "Shock"},
               cast("o3", "Grapeshot"), {"type": "trigger", "object": "o4", "source": "o3", "text": "Storm"},
               {"type": "resolve", "object": "o4", "ability": "Storm"}, storm_copy("o5", "o3"),
               cast("o6", "Twincast"), {"type": "resolve", "object": "o6", "card": "Twincast"}, twincast_copy, *later)


@pytest.mark.rules("storm.a", "storm.q3", "storm.q4")
def test_a_copy_of_a_storm_spell_made_by_another_effect_is_not_a_storm_copy():
    """storm.q4: a copy of a storm spell put onto the stack by another effect (Twincast) isn't
    cast, so it doesn't storm, and it isn't one of storm's copies either."""
    ctx = {"storm": {"Grapeshot": 1}}
    twincast = {"type": "copied", "object": "o7", "of": "o3", "cast": False}
    # the model's log: the copy says what made it
    assert check_log(twincast_log(dict(twincast, cause="Twincast")), ctx) == []
    # a log without causes: the copy was made as Twincast resolved, not as storm's trigger did
    assert check_log(twincast_log(twincast), ctx) == []
    # no cause and no resolve event to attribute it: unknown, no false alarm
    unknown = log(cast("o1", "Shock"), cast("o3", "Grapeshot"), {"type": "copied", "object": "o5", "of": "o3", "cast": False},
                  {"type": "copied", "object": "o7", "of": "o3", "cast": False})
    assert check_log(unknown, ctx) == []
    # but the same copies made while storm's trigger resolves are storm copies: one too many
    wrong = log(cast("o1", "Shock"), cast("o3", "Grapeshot"), {"type": "trigger", "object": "o4", "source": "o3", "text": "Storm"},
                {"type": "resolve", "object": "o4", "ability": "Storm"}, {"type": "copied", "object": "o5", "of": "o3", "cast": False},
                {"type": "copied", "object": "o7", "of": "o3", "cast": False})
    assert "storm-count" in names(check_log(wrong, ctx))


@pytest.mark.rules("storm.a", "storm.q2", "storm.q4")
def test_a_storm_copy_counted_for_a_later_storm_spell_is_caught():
    """storm.q2: storm copies aren't cast; an engine that counts one for a later storm spell
    gives that spell one copy too many."""
    ctx = {"storm": {"Grapeshot": 1}}
    first = [cast("o1", "Shock"), cast("g1", "Grapeshot"), {"type": "trigger", "object": "t1", "source": "g1", "text": "Storm"},
             {"type": "resolve", "object": "t1", "ability": "Storm"}, storm_copy("c1", "g1"),
             cast("g2", "Grapeshot"), {"type": "trigger", "object": "t2", "source": "g2", "text": "Storm"},
             {"type": "resolve", "object": "t2", "ability": "Storm"}]
    right = log(*first, storm_copy("c2", "g2"), storm_copy("c3", "g2"))  # Shock and the first Grapeshot: two
    assert check_log(right, ctx) == []
    wrong = log(*first, *[storm_copy(f"c{i}", "g2") for i in (2, 3, 4)])  # the storm copy c1 counted as a third
    violations = [v for v in check_log(wrong, ctx) if v.property == "storm-count"]
    assert violations and "g2" in violations[0].message
    # the same without causes: attributed through the resolving trigger
    strip = lambda events: [{k: v for k, v in e.items() if k not in ("seq", "cause")} for e in events]
    assert "storm-count" in names(check_log(log(*strip(wrong)), ctx))
    assert check_log(log(*strip(right)), ctx) == []


@pytest.mark.rules("storm.b", "storm.q6")
def test_a_storm_trigger_that_never_resolved_owes_no_copies():
    ctx = {"storm": {"Grapeshot": 2}}
    events = log(cast("o1", "Shock"), cast("g", "Grapeshot"), {"type": "trigger", "object": "t1", "source": "g", "text": "Storm"},
                 {"type": "trigger", "object": "t2", "source": "g", "text": "Storm"}, {"type": "resolve", "object": "t2", "ability": "Storm"},
                 storm_copy("c1", "g"))  # t1 was countered: one trigger, one copy
    assert check_log(events, ctx) == []
    assert "storm-count" in names(check_log(events[:5], ctx))  # t2 resolved and made nothing


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


def test_properties_declare_the_context_they_need():
    """issue 13: a property computes its own context from a scenario and the pool; the runner
    names no mechanic (it passes scenario and pool to scenario_context)."""
    from types import SimpleNamespace

    from mtgrules.conformance.scenarios import load_corpus
    from mtgrules.proofs.traces import scenario_context

    pool = load_corpus().pool
    scenario = SimpleNamespace(cards=["Grapeshot", "Conformance Twin-Storm Bolt", "Lightning Bolt", "no such card"])
    assert scenario_context(scenario, pool) == {"storm": {"Grapeshot": 1, "Conformance Twin-Storm Bolt": 2}}
    without = [p for p in PROPERTIES if p.name != "storm-count"]
    assert scenario_context(scenario, pool, without) == {}
    runner = (Path(__file__).resolve().parents[2] / "conformance" / "runner.py").read_text()
    assert "storm" not in runner.lower()
