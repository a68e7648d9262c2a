"""An engine report's confirmed deviations are read (with located errors) and shown in the docs."""

from __future__ import annotations

import json

import pytest

from mtgrules.docs.report_pages import deviations_rst
from mtgrules.docs.trace import read_report
from mtgrules.problems import InputError
from mtgrules.spec import load_spec

DEVIATION = {
    "id": "flashback-exile-undone",
    "rules": ["flashback.a", "flashback.q6"],
    "rule": "702.32a: exile this card instead of putting it anywhere else any time it would leave the stack.",
    "engine": "The engine moved the card from exile to the graveyard.",
    "reproduction": "phase-dev-flashback-hinder",
    "scenarios": ["flashback-hinder-exiles"],
}


def write(tmp_path, deviations):
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"engine": "toy", "results": [], "deviations": deviations}), encoding="utf-8")
    return path


@pytest.mark.rules("flashback.a")
def test_deviations_are_rendered_with_rule_links(tmp_path):
    report = read_report(write(tmp_path, [DEVIATION]), load_spec(), {})
    text = deviations_rst(report)
    assert "Deviations of toy from the rules" in text
    assert ":rule:`flashback.a`, :rule:`flashback.q6`" in text
    assert "The engine moved the card from exile to the graveyard." in text
    assert "``phase-dev-flashback-hinder``" in text


def test_a_deviation_citing_an_unknown_rule_is_a_located_error(tmp_path):
    bad = dict(DEVIATION, rules=["flashback.zz"])
    with pytest.raises(InputError) as info:
        read_report(write(tmp_path, [bad]), load_spec(), {})
    assert "deviations/0/rules/0: unknown rule ID 'flashback.zz'" in str(info.value)


def test_a_report_without_deviations_says_so(tmp_path):
    report = read_report(write(tmp_path, []), load_spec(), {})
    assert "no confirmed deviation" in deviations_rst(report)


def test_the_engines_page_has_the_engine_by_rule_matrix_of_the_kept_reports():
    """Both kept reports (phase.rs, python-mtg) in one comparison, per section and per rule, with the
    failing scenarios named (the counts are the matrix's, conformance/matrix.py)."""
    from pathlib import Path

    from mtgrules.conformance import matrix
    from mtgrules.docs.report_pages import matrix_rst
    from mtgrules.docs.rst import esc

    spec = load_spec()
    from mtgrules.docs.cli import kept_reports

    kept = kept_reports()
    reports = [read_report(p, spec, {}) for p in kept]
    text = matrix_rst(reports)
    m = matrix.matrix(matrix.load_reports(kept))
    assert len(m["engines"]) == len(kept) >= 2
    for engine in m["engines"]:
        assert esc(engine["summary"]) in text
    row = m["rules"]["flashback.a"]
    assert ":rule:`flashback.a`" in text and " - " + matrix.cells(row, m["engines"])[0] in text
    failing = [f["scenario"] for fs in row["failing"].values() for f in fs]
    assert all(s in text for s in failing)
