"""Every obligation is proved; broken formalizations are refuted with a counterexample; a
starved resource limit gives unknown, never proved."""

from __future__ import annotations

import pytest

from mtgrules.proofs import amplify, blocking, costs, double_faced, double_strike, dynamic, face_down, flashback, madness, merging, storm, storm_turn
from mtgrules.proofs.obligation import Check, obligation, prove
from mtgrules.proofs.registry import obligations
from mtgrules.proofs.verdict import PROVED, REFUTED, UNKNOWN, Verdict

ALL = obligations()


@pytest.mark.parametrize("ob", ALL, ids=[ob.name for ob in ALL])
def test_obligation_is_proved_and_its_broken_variants_are_refuted(ob):
    verdict = prove(ob)
    assert verdict.status == PROVED, (verdict.reason, verdict.counterexample)
    assert verdict.checks and all(c.status == PROVED for c in verdict.checks)
    assert ob.variants and len(verdict.variants) == len(ob.variants)
    assert all(v["bites"] for v in verdict.variants), verdict.variants
    assert (ob.size_bound is None) == (verdict.reach == "unbounded") and (ob.size_bound is None or ob.bound_reason)


def test_every_mechanic_of_the_seeds_has_an_obligation():
    sections = {rule.split(".")[0] for ob in ALL for rule in ob.rules}
    for section in ("merging", "flashback", "dfc-2016", "dyn", "morph", "affinity", "storm", "double-strike", "amplify", "madness", "provoke", "fear"):
        assert section in sections, section


@pytest.mark.rules("merging.2a", "merging.2c")
def test_merging_under_that_changes_characteristics_is_refuted():
    verdict = prove(merging.characteristics_obligation(4, "merge-under-changes-characteristics"))
    assert verdict.status == REFUTED
    cex = verdict.counterexample
    assert cex["check"].startswith("consecution")
    situation = cex["situation"]
    assert situation["events"][0]["event"] == "merge under"
    assert any(b.startswith("730.2a") for b in situation["broken"])
    assert situation["before"]["components (top to bottom)"]
    scenario = cex["scenario"]
    assert set(scenario) >= {"id", "title", "rules", "setup", "steps", "expect"}
    assert "merging.2a" in scenario["rules"]


@pytest.mark.rules("merging.2j")
def test_turning_face_down_despite_a_double_faced_component_is_refuted():
    verdict = prove(merging.characteristics_obligation(3, "turn-face-down-ignores-730.2j"))
    assert verdict.status == REFUTED
    assert verdict.counterexample["situation"]["events"][0]["event"] == "turn face down"
    assert any("730.2j" in b for b in verdict.counterexample["situation"]["broken"])


@pytest.mark.rules("merging.3e")
def test_card_replacement_applied_only_to_cards_of_a_nontoken_merged_permanent_is_refuted():
    verdict = prove(merging.leave_obligation(3, "card-replacement-ignores-tokens"))
    assert verdict.status == REFUTED
    assert any("730.3d/730.3e" in b for b in verdict.counterexample["situation"]["broken"])


@pytest.mark.rules("flashback.q6")
def test_flashback_exile_effect_on_a_card_already_going_to_exile_is_refuted():
    verdict = prove(flashback.flashback_obligation(1, broken="flashback-always-applies"))
    assert verdict.status == REFUTED
    ev = verdict.counterexample["situation"]["events"][0]
    assert ev["to"] == "exile" and "flashback" in ev["applied, in order"]


@pytest.mark.rules("flashback.a")
def test_flashback_outside_the_bound_an_effect_replacing_exile_sends_the_card_elsewhere():
    """Outside the stated bound (replacement effects that replace going to exile), 616.1 lets
    such an effect apply after flashback's: the card ends elsewhere. The bound is needed."""
    verdict = prove(flashback.flashback_obligation(2, exile_redirects=True))
    assert verdict.status == REFUTED
    ev = verdict.counterexample["situation"]["events"][0]
    assert ev["applied, in order"][-1] != "flashback"
    assert verdict.counterexample["situation"]["after"]["zone"] != "exile"


@pytest.mark.rules("merging.3", "merging.3a", "merging.3d", "merging.3e")
def test_merged_permanent_leaves_for_any_number_of_components():
    """730.3 by induction with arrays: any number of components and owners. The same encoding
    with a replacement on cards skipping token components is not proved (Z3 finds no model of
    its quantified invariant: unknown; the bounded encoding refutes it, test above)."""
    from mtgrules.proofs import merging_leave_any

    verdict = prove(merging_leave_any.leave_any_obligation(), variants=False)
    assert verdict.proved and verdict.reach == "unbounded" and len(verdict.checks) == 9
    broken = prove(merging_leave_any.leave_any_obligation("card-replacement-ignores-tokens"), rlimit=2_000_000, variants=False)
    assert broken.status != PROVED and broken.checks[-2].name.startswith("consecution: 730.3d/730.3e")


@pytest.mark.rules("amplify.a", "amplify.b", "amplify.q3")
def test_amplify_for_any_number_of_cards_in_hand():
    """Amplify with the hand in arrays, a card revealed at a time: proved for any hand; one counter
    a card whatever N is refuted on the arrays, by a reveal."""
    from mtgrules.proofs import amplify_any

    verdict = prove(amplify_any.amplify_any_obligation(), variants=False)
    assert verdict.proved and verdict.reach == "unbounded"
    broken = prove(amplify_any.amplify_any_obligation("one-counter-per-card"), variants=False)
    assert broken.status == REFUTED and broken.counterexample["situation"]["events"][0]["event"].startswith("a card from the hand is revealed")
    assert any(b.startswith("amplify.a/amplify.b: instance") for b in broken.counterexample["situation"]["broken"])


@pytest.mark.rules("flashback.a", "flashback.q6")
def test_flashback_for_any_number_of_replacement_effects_and_its_condition():
    """The unbounded proof: 616.1's rounds by induction (any number of other effects), then the
    events; an effect that replaces going to exile breaks it (616.1 lets it apply after
    flashback's), so the statement's condition is needed there too."""
    verdict = prove(flashback.flashback_obligation(), variants=False)
    assert verdict.proved and verdict.reach == "unbounded"
    assert any(c.name.startswith("616.1 rounds: consecution") for c in verdict.checks)
    assert any(c.name.startswith("events: consecution") for c in verdict.checks)
    redirected = prove(flashback.flashback_obligation(exile_redirects=True), variants=False)
    assert redirected.status == REFUTED and redirected.counterexample["check"].startswith("616.1 rounds")
    assert any(b.startswith("702.34a: once flashback's replacement has applied") for b in redirected.counterexample["situation"]["broken"])


@pytest.mark.rules("storm.a", "storm.q5")
def test_storm_for_turns_of_any_length():
    """The unbounded proof: the count's frame lemma by induction (base and step), then the
    inductive invariant on the storm count; counting at resolution is refuted by it."""
    verdict = prove(storm_turn.storm_turn_obligation(), variants=False)
    assert verdict.proved and verdict.method == "induction"
    assert [c.name for c in verdict.checks][:2] == ["lemma spells_cast frame: base", "lemma spells_cast frame: step"]
    broken = prove(storm_turn.storm_turn_obligation("count-at-resolution"), variants=False)
    assert broken.status == REFUTED
    assert any(b.startswith("storm.a/storm.b/storm.q5") for b in broken.counterexample["situation"]["broken"])


@pytest.mark.rules("dfc-2016.12")
def test_transform_that_makes_a_new_object_is_refuted():
    verdict = prove(double_faced.dfc_obligation("transform-is-a-new-object"))
    assert verdict.status == REFUTED
    assert any(b.startswith("711.12") for b in verdict.counterexample["situation"]["broken"])


@pytest.mark.rules("dfc-2016.8a")
def test_noncard_entering_transformed_is_refuted():
    verdict = prove(double_faced.dfc_obligation("non-dfc-enters-transformed"))
    assert verdict.status == REFUTED
    assert verdict.counterexample["situation"]["before"]["double-faced card"] is False


BROKEN = [
    # (rule the broken variant violates, the broken obligation, a clause of the invariant it breaks)
    ("dyn.example.r3", lambda: dynamic.dynamic_obligation("nonpermanent-half-enters"), "dyn.example.r3"),
    ("morph.q3", lambda: face_down.face_down_obligation("turning-face-up-makes-a-new-object"), "morph.d/morph.q3/morph.q5"),
    ("affinity.q2", lambda: costs.costs_obligation("mana-value-from-cost-paid"), "flashback.q3/madness.q4/affinity.q2"),
    ("storm.q5", lambda: storm.storm_obligation(5, "count-at-resolution"), "storm.a/storm.b/storm.q5"),
    ("double-strike.q6", lambda: double_strike.double_strike_obligation("first-strike-step-only-for-first-strike"), "double-strike.q6"),
    ("amplify.q3", lambda: amplify.amplify_obligation("one-counter-per-card"), "amplify.a/amplify.b/amplify.q3"),
    ("madness.q3", lambda: madness.madness_obligation("cast-from-exile-any-time"), "madness.q3"),
    ("provoke.q3", lambda: blocking.blocking_obligation("requirements-over-restrictions"), "provoke.q3"),
]


@pytest.mark.rules("dyn.example.r3", "morph.q3", "affinity.q2", "storm.q5", "double-strike.q6", "amplify.q3", "madness.q3", "provoke.q3")
@pytest.mark.parametrize("rule, make, clause", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_formalization_is_refuted_naming_the_broken_clause(rule, make, clause):
    verdict = prove(make())
    assert verdict.status == REFUTED
    broken = verdict.counterexample["situation"]["broken"]
    assert any(clause in b for b in broken), broken
    assert set(verdict.counterexample["scenario"]) >= {"id", "title", "rules", "setup", "steps", "expect"}


def test_starved_resource_limit_is_unknown_not_proved():
    verdict = prove(merging.leave_obligation(8), rlimit=500)
    assert verdict.status == UNKNOWN
    assert not verdict.proved
    assert "resource" in verdict.reason or "canceled" in verdict.reason
    assert verdict.counterexample is None


def test_a_tiny_timeout_is_unknown_not_proved():
    verdict = prove(merging.leave_obligation(8), timeout_ms=1)
    assert verdict.status in (UNKNOWN, PROVED)  # a fast machine may finish a check within 1 ms
    if verdict.status == UNKNOWN:
        assert verdict.reason


def test_a_satisfiable_check_is_refuted_and_an_empty_obligation_unknown():
    import z3

    x = z3.Int("x")
    ob = obligation("toy", ("flashback.a",), "x is never 3", "none", "bounded", lambda: [Check("toy", [x == 3])])
    assert prove(ob).status == REFUTED
    empty = obligation("empty", ("flashback.a",), "nothing", "none", "bounded", lambda: [])
    assert prove(empty).status == UNKNOWN


@pytest.mark.parametrize("make", [lambda: amplify.amplify_obligation(), lambda: storm.storm_obligation(4), lambda: flashback.flashback_obligation(2)],
                         ids=["amplify", "storm", "flashback"])
def test_resource_count_is_deterministic(make):
    """The work count of a check does not depend on what ran before it (amplify's varied
    5.7M-14.7M over identical runs, storm's by a factor of two)."""
    first = prove(make(), variants=False)
    prove(merging.characteristics_obligation(2), variants=False)  # other work in between
    second = prove(make(), variants=False)
    assert first.rlimit == second.rlimit > 0
    assert [c.rlimit for c in first.checks] == [c.rlimit for c in second.checks]


def test_the_problem_text_does_not_depend_on_what_was_built_before():
    """What the solver process gets is the same text whatever the process built earlier (its
    declarations and lets were ordered by the numbering of terms built before)."""
    from mtgrules.proofs.solving import as_smt2

    first = [as_smt2(c.assertions) for c in merging.leave_obligation(3).build()]
    merging.leave_obligation(4).build(), storm.storm_obligation(3).build()
    assert [as_smt2(c.assertions) for c in merging.leave_obligation(3).build()] == first


def test_a_variant_that_is_not_refuted_makes_the_proof_weak():
    from mtgrules.proofs.obligation import Variant

    sound = Variant("not-broken-at-all", "madness.q3", "madness.q3", lambda: madness.madness_obligation())
    ob = madness.madness_obligation(variants=(sound,))
    verdict = prove(ob)
    assert verdict.proved and verdict.variants[0]["status"] == PROVED and not verdict.variants[0]["bites"]
    assert "not-broken-at-all" in verdict.weak_reason
    assert prove(madness.madness_obligation()).weak_reason == "no broken variant"


def test_a_size_bound_needs_its_reason_and_registering_reads_no_source(monkeypatch):
    import inspect
    import sys

    with pytest.raises(ValueError, match="needs the reason"):
        obligation("toy", ("flashback.a",), "s", "b", "bounded", lambda: [], size_bound=3)
    monkeypatch.setattr(inspect, "stack", lambda *a: pytest.fail("inspect.stack() called"))
    ob = obligation("toy", ("flashback.a",), "s", "b", "bounded", lambda: [], size_bound=3, bound_reason="why")
    assert ob.file == __file__ and ob.line == sys._getframe().f_lineno - 1 and ob.reach == "bound 3"


def test_verdict_rejects_an_unknown_status():
    with pytest.raises(ValueError):
        Verdict("x", (), "maybe", "", "", "")


def test_rule_ids_of_obligations_exist_in_the_spec():
    from mtgrules.spec import load_spec

    spec = load_spec()
    missing = sorted({r for ob in ALL for r in ob.rules if r not in spec})
    assert not missing


def test_the_solver_server_ends_quietly_when_its_caller_has_gone():
    """A caller stopped mid-request (Ctrl-C, or `mtgrules docs` ending its proofs on bad input)
    leaves the server a reply it cannot write: it ends without a traceback."""
    import json
    import subprocess
    import sys

    from mtgrules.proofs.solving import as_smt2

    import z3

    x = z3.Int("x")
    request = json.dumps({"texts": [as_smt2([x > 1, x < 0])], "rlimit": 10**6, "timeout_ms": 10_000}).encode()
    server = subprocess.Popen([sys.executable, "-c", "from mtgrules.proofs.solving import serve; serve()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    server.stdout.close()  # the caller has gone before the reply
    server.stdin.write(b"%d\n" % len(request) + request)
    server.stdin.close()
    assert server.wait(timeout=60) == 0
    assert server.stderr.read() == b""
