"""Checks by behaviour (issue 17): offers / does_not_offer on the engine's legal actions, can_target /
cannot_target on what it accepts; an engine that cannot list its actions has those scenarios skipped."""

import dataclasses

import pytest

from mtgrules.conformance import scenarios as corpus
from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import Run

MORPH = "morph-offers-face-down-cast"
OFFERS = [MORPH, "morph-offers-turn-face-up", "flashback-offers-cast-from-graveyard", "merge-offers-mutate",
          "madness-offers-cast-as-trigger-resolves", "fear-offers-blockers", "dfc-current-offers-disturb"]


@pytest.fixture(scope="module")
def loaded():
    c = corpus.load_corpus()
    return {s.id: s for s in c.scenarios}, c.pool


def _run(factory, scenarios, pool, tmp_path):
    return {r["scenario"]: r for r in Run(factory, scenarios, pool, results_path=tmp_path / "r.jsonl").run()}


@pytest.mark.rules("morph.a", "flashback.a", "madness.a", "fear")
def test_offers_hold_in_process_and_through_the_protocol(loaded, tmp_path):
    by_id, pool = loaded
    for engine in ("reference", "reference-process"):
        results = _run(lambda: load_engine(engine), [by_id[i] for i in OFFERS], pool, tmp_path)
        assert {i: r["outcome"] for i, r in results.items()} == {i: "passed" for i in OFFERS}, \
            {i: r["detail"] for i, r in results.items()}


@pytest.mark.rules("morph.c")
def test_a_wrong_offer_expectation_fails(loaded, tmp_path):
    """The checks can fail: Grizzly Bears (no morph) offered face down, Akroma's morph cast not offered."""
    by_id, pool = loaded
    s = by_id[MORPH]
    wrong = dataclasses.replace(s, expect=[{"offers": {"cast": "Grizzly Bears", "by": "alice", "face_down": True}},
                                           {"does_not_offer": {"cast": "akroma", "by": "alice", "face_down": True}}])
    [result] = _run(ReferenceEngine, [wrong], pool, tmp_path).values()
    assert result["outcome"] == "failed" and len(result["failures"]) == 2, result


class Unlisting(ReferenceEngine):
    def start(self):
        return {**super().start(), "offers": "this engine's API has no list of legal actions"}


@pytest.mark.rules("morph.a")
def test_offers_are_skipped_with_the_reason_on_an_engine_that_cannot_list_actions(loaded, tmp_path):
    by_id, pool = loaded
    [result] = _run(Unlisting, [by_id[MORPH]], pool, tmp_path).values()
    assert result["outcome"] == "skipped" and "no list of legal actions" in result["detail"]


@pytest.mark.rules("morph.c")
def test_can_and_cannot_target_fail_when_the_engine_disagrees(loaded, tmp_path):
    by_id, pool = loaded
    s = by_id[MORPH]
    probes = [{"can_target": {"cast": "Grizzly Bears", "by": "alice", "face_down": True, "alt_cost": "morph"}},
              {"cannot_target": {"cast": "akroma", "by": "alice", "face_down": True, "alt_cost": "morph"}},
              {"cannot_target": {"cast": "Grizzly Bears", "by": "alice", "face_down": True, "alt_cost": "morph"}}]
    [result] = _run(ReferenceEngine, [dataclasses.replace(s, expect=probes)], pool, tmp_path).values()
    assert result["outcome"] == "failed", result
    assert len(result["failures"]) == 2 and all("target" in f for f in result["failures"])
    assert result["checks"] == {"total": 3, "verified": 3, "derived": []}


def test_targeting_checks_only_in_the_final_expect(loaded, tmp_path):
    by_id, _ = loaded
    text = open(by_id[MORPH].file).read().replace(
        "  - {check: state}\n",
        "  - check: state\n    then:\n      - {can_target: {cast: akroma, by: alice, face_down: true}}\n")
    path = tmp_path / "morph" / "x.yaml"
    path.parent.mkdir()
    path.write_text(text)
    problems = corpus.load_corpus(tmp_path).problems
    assert any("only in the scenario's final `expect`" in str(p) for p in problems), problems
