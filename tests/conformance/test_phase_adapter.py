"""phase.rs through conformance/adapters/phase.py: a small sample of the corpus (needs phase-python).

Outcomes asserted here were examined by hand: the engine's events and state were read and compared
with the rule each scenario cites (see conformance/reports/phase.md).
"""

from __future__ import annotations

import pytest

phase = pytest.importorskip("phase", reason="phase-python is not installed (pip install 'mtgrules[phase]')")

from mtgrules.conformance.adapters.phase import FEATURES, UNSUPPORTED_FEATURES, PhaseEngine  # noqa: E402
from mtgrules.conformance.runner import Run, load_scenarios  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_scenarios()


def _run(corpus, ids):
    scenarios, pool = corpus
    chosen = [s for s in scenarios if s.id in ids]
    assert {s.id for s in chosen} == set(ids)
    return {r["scenario"]: r for r in Run(PhaseEngine, chosen, pool, timeout=30).run()}


@pytest.mark.rules("flashback.a", "flashback.q5")
def test_flashback_on_phase(corpus):
    # Checked by hand: Firebolt flashed back and countered goes Stack -> Exile (ZoneChanged event).
    ids = ["flashback-countered-exiled", "flashback-cast-normally-goes-to-graveyard", "flashback-fizzles-exiled"]
    results = _run(corpus, ids)
    assert {k: r["outcome"] for k, r in results.items()} == {i: "passed" for i in ids}, {k: r["detail"] for k, r in results.items()}


@pytest.mark.rules("dfc-2016.4a", "dfc-2016.12")
def test_double_faced_on_phase(corpus):
    ids = ["dfc2016-transform-keeps-effects", "dfc2016-front-face-only-in-graveyard"]
    results = _run(corpus, ids)
    assert {k: r["outcome"] for k, r in results.items()} == {i: "passed" for i in ids}, {k: r["detail"] for k, r in results.items()}


def test_unsupported_features_are_skipped_not_passed(corpus):
    scenarios, _ = corpus
    dyn = [s for s in scenarios if "dynamic" in s.features][:2]
    results = _run(corpus, [s.id for s in dyn])
    assert all(r["outcome"] == "skipped" and "dynamic" in r["detail"] for r in results.values())
    assert "dynamic" not in FEATURES and "dynamic" in UNSUPPORTED_FEATURES


def test_illegal_cast_is_refused_and_state_restored(corpus):
    # flashback-only-from-graveyard: casting Firebolt "from graveyard" while it is in hand is refused.
    results = _run(corpus, ["flashback-sorcery-timing"])
    assert results["flashback-sorcery-timing"]["outcome"] == "passed", results["flashback-sorcery-timing"]["detail"]
