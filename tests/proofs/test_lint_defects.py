"""The custom-rules checker on small rule sets, each built to contain one known kind of defect."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.proofs import lint
from mtgrules.proofs.rulesets import load

FIXTURES = Path(__file__).parent / "lint_fixtures"


def run(name: str, **kw) -> lint.Report:
    return lint.lint_file(FIXTURES / name, **kw)


def keys(report: lint.Report, kind: str) -> set[tuple[str, ...]]:
    return {tuple(f.clauses) for f in report.findings if f.kind == kind}


def test_every_minimal_conflict_is_reported_with_a_witness():
    report = run("contradiction.yaml")
    assert keys(report, "contradiction") == {("t.1", "t.2"), ("t.3", "t.4")}
    by = {tuple(f.clauses): f for f in report.findings}
    # t.1 and t.2 only meet in the hand; the witness must be a situation where both apply
    assert by[("t.1", "t.2")].witness["zone"] == "hand"
    assert by[("t.1", "t.2")].witness["layout"] == "normal"
    # t.5 (stack) never applies with t.1 (hand): disjoint conditions are not a contradiction
    assert not any("t.5" in f.clauses for f in report.findings)
    assert report.count("ambiguity") == report.count("unknown") == 0


def test_contradiction_exports_a_scenario():
    report = run("contradiction.yaml")
    scenario = next(f.scenario for f in report.findings if f.clauses == ["t.1", "t.2"])
    assert set(scenario) >= {"id", "title", "rules", "source", "editions", "features", "cards", "setup", "steps"}
    assert "t.1" in scenario["notes"] and "t.2" in scenario["notes"]
    assert "hand" in scenario["setup"]["players"]["alice"]


def test_two_outcomes_allowed_is_an_ambiguity():
    report = run("ambiguity.yaml")
    [finding] = report.findings
    assert finding.kind == "ambiguity" and finding.clauses == ["t.1"]
    assert sorted(finding.outcomes["destination"]) == ["exile", "graveyard"]
    assert finding.witness["event"] == "resolving"


def test_rule_references():
    report = run("references.yaml")
    found = {(tuple(f.clauses), f.subkind) for f in report.findings}
    assert found == {(("hb.1",), "edition"), (("hb.2",), "dangling-cite"), (("hb.3",), "dangling-cite")}
    edition = next(f for f in report.findings if f.clauses == ["hb.1"])
    assert "Rolling a Die" in edition.explanation and "2016-07-22" in edition.explanation


def test_terms_scope_property_misspelling_renamed():
    report = run("terms.yaml")
    found = {(tuple(f.clauses), f.subkind) for f in report.findings}
    assert found == {(("hb.1",), "scope"), (("hb.2",), "property"), (("hb.3",), "misspelling"), (("hb.4",), "renamed-term")}
    misspelt = next(f for f in report.findings if f.subkind == "misspelling")
    assert "“permanent”" in misspelt.explanation


def test_defect_free_set_reports_nothing_and_honours_precedence():
    report = run("clean.yaml")
    assert report.findings == []
    assert {(o["rule"], o["over"]) for o in report.overrides_used} == {("hb.2", "hb.1")}


def test_without_the_precedence_the_override_is_a_contradiction(tmp_path):
    text = (FIXTURES / "clean.yaml").read_text(encoding="utf-8")
    start = text.index("precedence:")
    end = text.index("clauses:")
    path = tmp_path / "no_precedence.yaml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    report = lint.lint_file(path)
    assert keys(report, "contradiction") == {("hb.1", "hb.2")}


def test_unknown_is_reported_never_clean():
    report = run("contradiction.yaml", rlimit=1)
    assert report.count("unknown") > 0
    assert report.findings


def test_loader_keeps_clause_lines():
    rs = load(FIXTURES / "contradiction.yaml")
    assert rs.lines["t.1"] == 9
