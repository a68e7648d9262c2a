"""Witnesses exported as conformance scenarios: valid against conformance/scenario.schema.json,
with cards of the pool cards/pool/ where one fits."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from mtgrules.proofs import lint
from mtgrules.proofs.rulesets import DYN

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "conformance" / "scenario.schema.json").read_text(encoding="utf-8"))
FIXTURES = Path(__file__).parent / "lint_fixtures"
DSPB = "Divine Skywarden // Purewind Blessings"


def validate(scenario: dict) -> list[str]:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(scenario)]


@pytest.fixture(scope="module")
def dyn_report() -> lint.Report:
    return lint.lint_file(DYN)


def test_every_dyn_witness_is_a_valid_scenario(dyn_report):
    scenarios = [f.scenario for f in dyn_report.findings if f.scenario]
    assert scenarios, "contradictions and ambiguities carry a scenario"
    for scenario in scenarios:
        assert validate(scenario) == [], scenario["id"]
    assert len({s["id"] for s in scenarios}) == len(scenarios)


@pytest.mark.rules("dyn.5a", "dyn.example.r4", "cr.current.manifest")
def test_dyn_witness_uses_the_example_card(dyn_report):
    f = next(f for f in dyn_report.findings if f.clauses == ["dyn.example.r4", "manifest.701.40a"])
    s = f.scenario
    assert s["cards"] == [DSPB] and s["editions"] == ["dyn"]
    assert s["source"]["seed"].startswith("000_") and s["source"]["ruling"] == "dyn.example.r4"
    assert {"dynamic", "manifest"} <= set(s["features"])
    assert s["setup"]["players"]["alice"]["library"][0]["card"] == DSPB


@pytest.mark.rules("dyn.5c", "merging.2g")
def test_merged_witness_has_components(dyn_report):
    f = next(f for f in dyn_report.findings if f.clauses == ["dyn.5c", "merging.2g"])
    [entry] = f.scenario["setup"]["players"]["alice"]["battlefield"]
    assert entry["merged"][0]["card"] == DSPB and entry["merged"][0]["face_down"] is True
    assert entry["merged"][1]["card"] == "Shock"  # the instant or sorcery component
    assert f.scenario["steps"] == [{"turn_face_up": "W", "by": "alice", "using": "dynamic"}]


@pytest.mark.parametrize("name", ["contradiction.yaml", "ambiguity.yaml"])
def test_fixture_witnesses_are_valid_scenarios(name):
    report = lint.lint_file(FIXTURES / name)
    for f in report.findings:
        if f.scenario:
            assert validate(f.scenario) == []


def test_cli_writes_valid_scenario_files(tmp_path):
    from click.testing import CliRunner
    from ruamel.yaml import YAML

    from mtgrules.proofs.lint.cli import lint_rules

    result = CliRunner().invoke(lint_rules, [str(FIXTURES / "contradiction.yaml"), "--scenarios", str(tmp_path)])
    assert result.exit_code == 1
    files = sorted(tmp_path.glob("*.yaml"))
    assert len(files) == 2
    for path in files:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        assert validate(data) == [] and data["id"] == path.stem
