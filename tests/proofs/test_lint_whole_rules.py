"""Whole rules: every core clause lists the situations its text covers (`covers`, together all of
its `when`) and those it leaves out with the reason (`leaves_out`); in every covered situation a
designer clause that contradicts the clause there is found by the checker.

The probe for (clause, covered situation) is a one-clause rule set whose scope is that situation
and whose clause requires the negation of one part of the core clause's `then`. The finding must
name the probe and the clause, or a clause that the core rules let override it there (a
precedence entry on that outcome: then the override is what the rules say in that situation), or
the clause or its overrider must set the probe aside (708.2 over every rule about characteristics)."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3
from ruamel.yaml import YAML

from mtgrules.proofs import lint
from mtgrules.proofs import vocabulary as voc
from mtgrules.proofs.lint.analysis import _split_then
from mtgrules.proofs.rulesets import load, load_core

CORE = load_core()
FAST = ("flashback.a", "flashback.q5", "counter.701.6a", "targets.608.2b", "resolve.608.2n", "zones.400.7", "merging.3", "dfc-2016.9a", "facedown.708.8", "merging.2g")


def _negation(part) -> tuple[dict, dict] | None:
    """(extra situation condition, outcome condition) that contradicts one ``then`` part."""
    if isinstance(part, dict) and "if" in part:
        sit = {k: v for k, v in part["if"].items() if k in voc.SITUATION}
        out = {k: v for k, v in part["if"].items() if k not in voc.SITUATION}
        inner = _negation(part.get("then", {}))
        if inner is None:
            return None
        return {**sit, **inner[0]}, {"all": [out, inner[1]]} if out else inner[1]
    if isinstance(part, dict) and part:
        return {}, {"not": part}
    return None


def _satisfiable(*conds) -> bool:
    v = voc.Vars()
    s = z3.SolverFor("QF_FD")
    s.add(*v.well_formed()[:-1], *[voc.compile_condition(v, c) for c in conds])
    return s.check() == z3.sat


def _probes():
    for c in CORE.clauses:
        if not _split_then(c.then):
            continue  # constrains no outcome (`then: {}`): nothing can contradict it (its covers are checked above)
        for n, cover in enumerate(c.covers):
            yield pytest.param(c.id, n, id=f"{c.id}[{n}]", marks=() if c.id in FAST else pytest.mark.slow)


def test_every_core_clause_lists_what_it_covers_and_leaves_out():
    # without the core's own scope: a core clause also speaks of the objects custom sets add (dynamic cards)
    core_scope = {}
    for c in CORE.clauses:
        assert c.covers, f"{c.id}: no `covers`"
        for cover in c.covers:
            assert _satisfiable(core_scope, c.when, cover), f"{c.id}: covered situation {cover} is not a situation of the clause"
        # together the covered situations are all of the clause's situations
        assert not _satisfiable(core_scope, c.when, {"not": {"any": list(c.covers)}}), f"{c.id}: `covers` leaves part of `when` unlisted"
        assert all(lo["reason"].strip() for lo in c.leaves_out)


def _overriders(clause_id: str, outcomes: set[str]) -> set[str]:
    out = set()
    for p in CORE.precedence:
        if any(__import__("fnmatch").fnmatchcase(clause_id, o) for o in p["over"]) and (not p.get("on") or set(p["on"]) & outcomes):
            out.add(p["rule"])
    return out


@pytest.mark.parametrize("clause_id, n", list(_probes()))
def test_a_clause_contradicting_the_core_clause_in_a_covered_situation_is_found(clause_id, n, tmp_path):
    c = CORE.clause(clause_id)
    cover = c.covers[n]
    parts = _split_then(c.then)
    for part in parts:
        neg = _negation(part)
        if neg is not None and _satisfiable(c.when, cover, neg[0]):
            break
    else:
        pytest.fail(f"{clause_id}: no part of `then` applies in {cover}")
    when = {"all": [c.when or {}, cover, neg[0]]}
    doc = {"ruleset": {"id": "probe", "title": "probe", "edition": "2026-08-07", "scope": when},
           "clauses": [{"id": "probe.1", "text": "A designer clause against the core clause.", "when": when, "then": neg[1]}]}
    path = tmp_path / "probe.yaml"
    YAML().dump(doc, path)
    custom = load(path, known_ids={x.id for x in CORE.clauses})
    report = lint.analyse(custom, CORE)
    named = {frozenset(f.clauses) for f in report.findings if f.kind == "contradiction"}
    overriders = _overriders(clause_id, voc.outcome_keys(part))
    if any("probe.1" in k and k & ({clause_id} | overriders) for k in named):
        return
    # where the core rules set the clause aside on this outcome (a replacement effect, an
    # "unless"), the overriding rule decides the situation: it must be the one applied there
    # (or the probe itself: 708.2 sets aside every other rule about a face-down object's characteristics)
    used = {o["rule"] for o in report.overrides_used if o["over"] == clause_id} | {o["rule"] for o in report.overrides_used if o["over"] == "probe.1"}
    assert used & ({clause_id} | overriders), (clause_id, cover, [sorted(k) for k in named])


@pytest.mark.rules("flashback.a", "flashback.q5", "cr.current.counter", "cr.current.check-targets")
def test_a_countered_flashback_spell_going_to_the_graveyard_is_found():
    """The issue's reproduction: flashback.a is formalized for every way of leaving the stack."""
    report = lint.lint_file(Path(__file__).parent / "lint_fixtures" / "flashback_countered.yaml")
    found = {tuple(f.clauses): f for f in report.findings if f.kind == "contradiction"}
    assert set(found) == {("hb.1", "flashback.a"), ("hb.1", "flashback.q5"), ("hb.2", "flashback.a"), ("hb.2", "flashback.q5"),
                          ("hb.3", "flashback.a"), ("hb.3", "flashback.q5")}
    assert found[("hb.1", "flashback.a")].witness["event"] == "countered"
    assert found[("hb.2", "flashback.a")].witness["to-zone"] == "hand"
    assert found[("hb.3", "flashback.a")].witness["event"] == "fizzling"
    assert report.count("ambiguity") == 0


def test_findings_are_the_same_whatever_pythonhashseed():
    """Stable witnesses: the report (but its timing) is the same for every hash seed."""
    import json
    import subprocess
    import sys

    fixture = Path(__file__).parent / "lint_fixtures" / "flashback_countered.yaml"
    code = ("import json,sys; from mtgrules.proofs import lint; d = lint.lint_file(sys.argv[1]).as_json(); d.pop('seconds'); "
            "print(json.dumps(d, sort_keys=True))")
    outs = {subprocess.run([sys.executable, "-c", code, str(fixture)], env={**__import__("os").environ, "PYTHONHASHSEED": str(seed)},
                           capture_output=True, text=True, check=True).stdout for seed in (0, 1, 2)}
    assert len(outs) == 1
    witness = json.loads(outs.pop())["findings"][0]["witness"]
    assert "keyword" not in witness or witness["keyword"] == "flashback"  # only what the clauses constrain
    assert set(witness) <= {"zone", "event", "to-zone", "via", "keyword", "from-zone"}  # from-zone: forced (a flashback spell comes from the graveyard)


def test_reports_are_the_same_whatever_the_process_did_before():
    """Witnesses are a function of the input: Z3 returns other models once a process has built
    other terms (other rule sets linted before, other imports), so no model's value may reach a
    report. Two processes lint the same rule sets in opposite orders under different hash seeds:
    each report (but its timing) made in a fresh process equals the one made after the others."""
    import json
    import os
    import subprocess
    import sys

    from mtgrules.proofs.rulesets import DYN

    fixtures = Path(__file__).parent / "lint_fixtures"
    files = [str(DYN), *(str(fixtures / n) for n in ("ambiguity.yaml", "flashback_countered.yaml", "planted/p1_flashback.yaml"))]
    code = ("import json,sys; from mtgrules.proofs import lint\n"
            "for f in sys.argv[1:]:\n    d = lint.lint_file(f).as_json(); d.pop('seconds'); print(json.dumps(d, sort_keys=True))")

    def reports(order: list[str], seed: int) -> dict[str, str]:
        out = subprocess.run([sys.executable, "-c", code, *order], env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True, text=True, check=True).stdout
        return dict(zip(order, out.splitlines()))

    forward, backward = reports(files, 0), reports(files[::-1], 1)
    assert [f for f in files if forward[f] != backward[f]] == []
    dyn = json.loads(forward[str(DYN)])
    assert len(dyn["findings"]) == 23 and all(f["scenario"] for f in dyn["findings"] if f["kind"] in ("contradiction", "ambiguity"))


def test_findings_point_at_the_file_and_the_current_rule_numbers():
    fixture = Path(__file__).parent / "lint_fixtures" / "flashback_countered.yaml"
    report = lint.lint_file(fixture)
    f = next(f for f in report.findings if f.clauses == ["hb.1", "flashback.a"])
    custom, core = f.locations
    assert custom["clause"] == "hb.1" and custom["file"].endswith("flashback_countered.yaml") and custom["line"] == 5
    assert core["core"] and core["file"].endswith("core_rules.yaml") and {"id": "flashback.a", "current": "702.34a"} in core["rules"]
    from mtgrules.proofs.lint.report import render

    text = "\n".join(render(report))
    assert f"{custom['file']}:5: hb.1" in text and "flashback.a = 702.34a" in text
    assert report.as_json()["findings"][0]["locations"] == f.locations
