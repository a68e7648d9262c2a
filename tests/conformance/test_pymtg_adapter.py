"""python-mtg through conformance/adapters/pymtg/: a few scenarios by outcome (needs python-mtg).

Outcomes asserted here were examined by hand: python-mtg's state after each step was read against the rule
each scenario cites (see conformance/reports/pymtg.md). python-mtg's first game in a process loads its card
corpus (seconds): one engine serves the whole module.
"""

from __future__ import annotations

import pytest

pytest.importorskip("mtg", reason="python-mtg is not installed (pip install 'mtgrules[pymtg]')")

from mtgrules.conformance.adapters.pymtg import FEATURES, UNSUPPORTED_FEATURES, PyMtgEngine  # noqa: E402
from mtgrules.conformance.adapters.pymtg.capabilities import NO_OPPONENT_PRIORITY  # noqa: E402
from mtgrules.conformance.runner import load_scenarios, play, scenario_request  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_scenarios()


@pytest.fixture(scope="module")
def engine():
    eng = PyMtgEngine()
    hello = eng.start()
    return eng, hello


def _play(corpus, engine, sid):
    scenarios, pool = corpus
    eng, hello = engine
    return play(eng, hello, next(s for s in scenarios if s.id == sid), pool)


def _setup(corpus, engine, sid):
    scenarios, pool = corpus
    return engine[0].setup(scenario_request(next(s for s in scenarios if s.id == sid), "2026-08-07", pool))


@pytest.mark.rules("double-strike.b")
def test_plain_combat_damage_passes(corpus, engine):
    # Checked by hand: Grizzly Bears attack unblocked, python-mtg runs combat and bob is at 18.
    r = _play(corpus, engine, "ds-no-first-striker-one-step")
    assert r["outcome"] == "passed", r["detail"]


@pytest.mark.rules("fear.q2")
def test_fear_deviation_fails_not_passes(corpus, engine):
    # Checked by hand: python-mtg lists Grizzly Bears blocking Severed Legion (fear): the illegal step is accepted.
    r = _play(corpus, engine, "pymtg-dev-fear-nonblack-blocker")
    assert r["outcome"] == "failed" and "expected the engine to refuse" in r["detail"], r["detail"]


@pytest.mark.rules("double-strike.q2")
def test_double_strike_deviation_observed_by_life(corpus, engine):
    r = _play(corpus, engine, "pymtg-dev-double-strike-unblocked-once")
    assert r["outcome"] == "failed" and "expected life 18, observed 19" in r["detail"], r["detail"]


#: Deviations found by `mtgrules fuzz --engine pymtg` (reduced by hand): reproduction -> words of the failure.
_FUZZ_DEVIATIONS = {
    "fuzz-pymtg-attacker-not-tapped": "object Grizzly Bears: expected tapped yes, observed no",
    "fuzz-pymtg-lifelink-no-life": "player alice: expected life 22, observed 20",
}


@pytest.mark.rules("cr.current.declare-attackers", "cr.current.lifelink")
def test_fuzz_deviation_reproductions_fail_for_the_stated_reason(corpus, engine):
    from mtgrules.conformance.adapters.pymtg.findings import DEVIATIONS

    assert set(_FUZZ_DEVIATIONS) <= {d["reproduction"] for d in DEVIATIONS.values()}
    for sid, words in _FUZZ_DEVIATIONS.items():
        r = _play(corpus, engine, sid)
        assert r["outcome"] == "failed" and words in r["detail"], (sid, r["detail"])


def test_a_block_python_mtg_does_not_list_is_refused_and_the_state_kept(corpus, engine):
    # alice's own Severed Legion "blocking" bob's Grizzly Bears: python-mtg lists no such block
    _setup(corpus, engine, "pymtg-dev-fear-nonblack-blocker")
    eng = engine[0]
    refs = eng.session.refs
    assert eng.apply({"declare_attackers": {"Severed Legion": "bob"}, "by": "alice"}) == {"status": "ok"}
    before = eng.observe()
    reply = eng.apply({"declare_blockers": {"Severed Legion": "Grizzly Bears"}, "by": "bob"})
    assert reply["status"] == "refused" and "does not list" in reply["reason"]
    assert eng.observe() == before and refs["Grizzly Bears"] in before["battlefield"]


def test_the_opponent_acting_on_the_active_players_turn_is_unsupported(corpus, engine):
    _setup(corpus, engine, "pymtg-dev-fear-nonblack-blocker")
    reply = engine[0].apply({"cast": "Grizzly Bears", "by": "bob"})
    assert reply == {"status": "unsupported", "reason": f"bob acts on alice's turn: {NO_OPPONENT_PRIORITY}"}


def test_first_strike_damage_step_is_unsupported(corpus, engine):
    r = _play(corpus, engine, "ds-attacker-vs-first-strike-blocker")
    assert r["outcome"] == "error" and r["error_kind"] == "unsupported"
    assert "one combat damage step" in r["detail"]


def test_a_setup_it_cannot_represent_is_unsupported(corpus, engine):
    from mtgrules.conformance.engine import Unsupported

    scenarios, pool = corpus
    request = scenario_request(next(s for s in scenarios if s.id == "pymtg-dev-fear-nonblack-blocker"), "2026-08-07", pool)
    upkeep = {**request, "setup": {**request["setup"], "turn": {"active": "alice", "step": "upkeep", "priority": "alice"}}}
    with pytest.raises(Unsupported, match="python-mtg stops only at the active player's decisions"):
        engine[0].setup(upkeep)
    tapped = {**request, "setup": {**request["setup"], "players": {"alice": {"battlefield": [{"card": "Severed Legion",
                                                                                             "counters": {"+1/+1": 1}}]}}}}
    with pytest.raises(Unsupported, match="counters"):
        engine[0].setup(tapped)


def test_unsupported_features_are_skipped_with_the_reason(corpus, engine):
    r = _play(corpus, engine, "flashback-countered-exiled")
    assert r["outcome"] == "skipped" and "counter-spell" in r["detail"] and "flashback" in r["detail"]
    assert "counter-spell" not in FEATURES and UNSUPPORTED_FEATURES["counter-spell"] == NO_OPPONENT_PRIORITY
    assert engine[1]["unsupported"]["flash"] == NO_OPPONENT_PRIORITY
