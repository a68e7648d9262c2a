"""Traceability: declarations of what implements, proves and tests a rule, and unknown IDs."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.spec import implements, load_spec
from mtgrules.spec.coverage import coverage
from mtgrules.spec.trace import Citation, citations_in_tests


def test_implements_records_the_rule_and_the_code():
    @implements("merging.2a")
    def topmost(components):
        return components[0]

    assert topmost.__rules__ == ("merging.2a",)
    assert topmost(["top", "under"]) == "top"


def test_implements_needs_rule_ids():
    with pytest.raises(TypeError):
        implements()


def test_unknown_rule_id_is_reported_with_its_place():
    citations = [
        Citation("flashback.a", "tests", "scenario flashback-countered", "corpus.yaml", 3),
        Citation("flashback.zz", "proves", "obligation typo", "proofs/flashback.py", 12),
    ]
    report = coverage(load_spec(), citations=citations)
    assert report.items["flashback.a"].status["tests"]
    problems = [str(p) for p in report.problems()]
    assert problems == ["proofs/flashback.py:12: proves: obligation typo cites unknown rule ID 'flashback.zz'"]


def test_rules_markers_in_tests_are_read(tmp_path):
    (tmp_path / "test_example.py").write_text(
        "import pytest\n\n@pytest.mark.rules('dyn.3b', 'dyn.4')\ndef test_x():\n    pass\n", encoding="utf-8"
    )
    found = citations_in_tests(tmp_path)
    assert [(c.rule_id, c.role, c.by, c.line) for c in found] == [
        ("dyn.3b", "checks", "test_example::test_x", 3),
        ("dyn.4", "checks", "test_example::test_x", 3),
    ]


@pytest.mark.rules("flashback.a")
def test_coverage_json_reports_every_clause_with_its_citations():
    result = CliRunner().invoke(main, ["spec", "coverage", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    by_id = {entry["id"]: entry for entry in report["items"]}
    assert "flashback.a" in by_id and "flashback.q5" in by_id
    assert "cr.current.mutate" not in by_id  # cited CR rules are not clauses to cover
    assert any(c["by"].endswith("test_coverage_json_reports_every_clause_with_its_citations") for c in by_id["flashback.a"]["checks"])
    assert report["totals"]["clauses"] == len(by_id)


def test_verify_runs_the_spec_checks():
    result = CliRunner().invoke(main, ["verify", "--json"])
    report = json.loads(result.stdout)
    names = [check["name"] for check in report["checks"]]
    assert "spec validation" in names and "spec coverage" in names
    assert result.exit_code == (0 if report["ok"] else 1)
