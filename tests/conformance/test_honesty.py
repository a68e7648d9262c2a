"""The honesty rule (issue 17): a check that rests only on observation fields an adapter derives itself is
``unverified``, never ``passed``, and the report counts the checks verified on engine-reported data."""

import dataclasses

import pytest

from mtgrules.conformance import scenarios as corpus
from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.derivation import Derivation, parse_declared
from mtgrules.conformance.runner import Run, summary, write_junit

DFC = "dfc2016-back-face-characteristics"
FLASHBACK = "flashback-countered-exiled"


@pytest.fixture(scope="module")
def loaded():
    c = corpus.load_corpus()
    return {s.id: s for s in c.scenarios}, c.pool


class CheatingEngine(ReferenceEngine):
    """Fills every characteristic and status an object expectation names from the scenario's own expectation,
    over a game whose objects have none (it blanks them), and declares those fields as derived."""

    declare = True

    def setup(self, request):
        self.scenario_id = request["scenario"]
        return super().setup(request)

    def start(self):
        hello = super().start()
        if self.declare:
            hello["derived"] = ["object.characteristics", "object.face"]
        return hello

    def observe(self):
        snap = super().observe()
        scenario = self.scenarios[self.scenario_id]
        for obj in snap["objects"].values():
            obj["characteristics"], obj["face"] = {}, None  # the engine under the adapter reports nothing
        for exp in scenario.expect:
            oid = self.driver.tracker.id(exp["object"]) if "object" in exp else None
            if oid in snap["objects"]:
                obj = snap["objects"][oid]
                for key, value in exp.items():
                    if key == "face":
                        obj["face"] = value
                    elif key == "has":
                        obj["characteristics"]["keywords"] = list(value)
                    elif key not in ("object", "zone"):
                        obj["characteristics"][key] = value  # the cheat: the expected value itself
        return snap


def _run(engine_cls, scenarios, pool, tmp_path, by_id):
    def factory():
        engine = engine_cls()
        engine.scenarios = by_id
        return engine
    return Run(factory, scenarios, pool, results_path=tmp_path / "r.jsonl").run()


@pytest.mark.rules("dfc-2016.4b")
def test_an_adapter_filling_a_field_from_the_expectation_is_unverified(loaded, tmp_path):
    by_id, pool = loaded
    [result] = _run(CheatingEngine, [by_id[DFC]], pool, tmp_path, by_id)
    assert result["outcome"] == "unverified", result
    assert result["checks"]["total"] == 1 and result["checks"]["verified"] == 0
    assert "object.characteristics" in result["detail"]
    assert summary([result])["checks"] == {"total": 1, "verified": 0}


@pytest.mark.rules("dfc-2016.4b")
def test_the_same_cheat_undeclared_would_pass(loaded, tmp_path):
    """The control: the comparison alone cannot tell the cheat (this is why the declaration is the contract, and
    why shipped adapters put every derived field in DERIVED, tested in test_adapter_shape)."""
    by_id, pool = loaded

    class Undeclared(CheatingEngine):
        declare = False

    [result] = _run(Undeclared, [by_id[DFC]], pool, tmp_path, by_id)
    assert result["outcome"] == "passed" and result["checks"]["verified"] == 1


@pytest.mark.rules("dfc-2016.4b")
def test_one_engine_reported_check_makes_the_scenario_verified(loaded, tmp_path):
    by_id, pool = loaded
    s = by_id[DFC]
    mixed = dataclasses.replace(s, expect=[*s.expect, {"object": "delver", "zone": "battlefield", "tapped": False}])
    [result] = _run(CheatingEngine, [mixed], pool, tmp_path, by_id | {DFC: mixed})
    assert result["outcome"] == "passed", result
    assert result["checks"] == {"total": 2, "verified": 1, "derived": [result["checks"]["derived"][0]]}


class NoEventLog(ReferenceEngine):
    """An engine that keeps no event log and says so (python-mtg's adapter declares the same)."""

    def start(self):
        return {**super().start(), "derived": ["event log"]}

    def events(self):
        return []


@pytest.mark.rules("flashback.a")
def test_no_event_on_an_engine_without_an_event_log_is_unverified(loaded, tmp_path):
    by_id, pool = loaded
    s = by_id[FLASHBACK]
    only = dataclasses.replace(s, expect=[e for e in s.expect if "no_event" in e])
    assert only.expect
    [result] = Run(NoEventLog, [only], pool, results_path=tmp_path / "r.jsonl").run()
    assert result["outcome"] == "unverified", result
    write_junit([result], tmp_path / "j.xml", "x")
    assert "unverified:" in (tmp_path / "j.xml").read_text()


def test_declared_keys_are_parsed():
    assert parse_declared(["object.face_down / face / half", "object.characteristics (split card)", "event log"]) == [
        ("object.face_down", False), ("object.face", False), ("object.half", False),
        ("object.characteristics", True), ("event log", False)]
    d = Derivation({"derived": ["object.characteristics (split card)"]})
    exp = {"object": "x", "mana_value": 1}
    assert d.derived_paths(exp) == ["object.characteristics"]  # unmarked objects count as derived
    snap = {"objects": {"o1": {"derived": []}, "o2": {"derived": ["object.characteristics"]}}}
    assert d.derived_paths(exp, snap, "o1") == [] and d.derived_paths(exp, snap, "o2") == ["object.characteristics"]
    # a mark narrower than the key covers only its own field
    snap = {"objects": {"o3": {"derived": ["object.characteristics.mana_value"]}}}
    assert d.derived_paths({"object": "x", "name": "A"}, snap, "o3") == []
    assert d.derived_paths(exp, snap, "o3") == ["object.characteristics"]
    # `has` reads keywords or ability lines: derived keywords alone do not make it derived
    assert Derivation({"derived": ["object.characteristics.keywords"]}).derived_paths({"object": "x", "has": ["Flying"]}) == []
