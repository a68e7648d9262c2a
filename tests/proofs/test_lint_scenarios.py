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
    assert s["cards"] == [DSPB, "Soul Summons", "Plains"] and s["editions"] == ["dyn"]  # the card, the effect that manifests it, lands to pay
    assert s["source"]["seed"].startswith("000_") and s["source"]["ruling"] == "dyn.example.r4"
    assert {"dynamic", "manifest"} <= set(s["features"])
    assert s["setup"]["players"]["alice"]["library"][0]["card"] == DSPB


def test_dyn_witnesses_name_pool_cards_and_no_keyword_nothing_tests(dyn_report):
    """The ambiguity about a dynamic card's characteristics holds for a card in the hand with no
    keyword: nothing it names (clauses, question, scope) tests a keyword, so its witness has none
    and its scenario uses the pool's dynamic card, not a placeholder for a dynamic card with
    madness (a model's value, which depended on what the process had done before)."""
    f = next(f for f in dyn_report.findings if f.kind == "ambiguity")
    assert "keyword" not in f.witness and f.witness["zone"] == "hand" and f.scenario["cards"][0] == DSPB
    placeholders = [c for f in dyn_report.findings if f.scenario for c in f.scenario["cards"] if c.startswith("a ")]
    assert placeholders == []


@pytest.mark.rules("dyn.5c", "merging.2g")
def test_merged_witness_has_components(dyn_report):
    f = next(f for f in dyn_report.findings if f.clauses == ["dyn.5c", "merging.2g"])
    entry, *lands = f.scenario["setup"]["players"]["alice"]["battlefield"]
    assert lands == ["Plains x6", "Island x2"]  # DYN.5c: the combined mana cost {4}{W}{W}{U}{U}
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


def test_every_dyn_witness_validates_and_runs_on_the_reference_model(dyn_report, tmp_path):
    """Exported as files, every DYN witness validates (cards of the pool, lands, targets, the rule
    set's clause IDs registered through `source.ruleset`) and runs on the reference model; each
    reading with an observation is played alone, so the report says which one the model takes."""
    from mtgrules.conformance.scenarios import load_corpus
    from mtgrules.proofs.lint.runs import run_on_reference
    from mtgrules.proofs.lint.witnesses import write_scenarios

    write_scenarios(dyn_report.findings, tmp_path)
    corpus = load_corpus(tmp_path)
    assert corpus.problems == [] and len(corpus.scenarios) == sum(1 for f in dyn_report.findings if f.scenario)
    assert all(s.source["ruleset"].endswith("proofs/custom/dyn.yaml") for s in corpus.scenarios)
    assert run_on_reference(dyn_report.findings) == []
    ran = [f for f in dyn_report.findings if f.scenario]
    assert all(f.model["outcome"] == "passed" for f in ran), [(f.clauses, f.model) for f in ran if f.model["outcome"] != "passed"]
    # DYN.5a against 701.40a (a manifested dynamic card): the model follows 701.40a, it enters face down
    manifest = next(f for f in ran if f.clauses == ["dyn.5a", "manifest.701.40a"])
    assert manifest.readings == ["dyn.5a", "manifest.701.40a"] and manifest.model["takes"] == ["manifest.701.40a"]
    assert all(len(f.model["takes"]) == 1 for f in ran if f.readings)


def test_a_mutating_witness_uses_a_mutate_card_of_the_pool(tmp_path):
    """MTGJSON gives mutate cards the layout `mutate` (a normal card's frame): the witness of a
    merged permanent a mutating spell merges with (core_probe.yaml: merging.2c against p.5) is
    such a card, not a placeholder, and every witness of the probe validates."""
    from mtgrules.conformance.scenarios import load_corpus
    from mtgrules.proofs.lint.witnesses import write_scenarios

    report = lint.lint_file(FIXTURES / "core_probe.yaml")
    f = next(f for f in report.findings if f.clauses == ["merging.2c", "p.5"])
    assert f.witness["keyword"] == "mutate" and f.scenario["cards"][0] == "Gemrazer"
    write_scenarios(report.findings, tmp_path)
    assert load_corpus(tmp_path).problems == []


def test_a_scenario_citing_an_unregistered_clause_id_is_an_error(tmp_path):
    from mtgrules.conformance.scenarios import load_corpus
    from mtgrules.proofs.lint.witnesses import write_scenarios

    report = lint.lint_file(FIXTURES / "flashback_countered.yaml")
    write_scenarios(report.findings[:1], tmp_path)
    [path] = tmp_path.glob("*.yaml")
    assert load_corpus(tmp_path).problems == []
    path.write_text(path.read_text(encoding="utf-8").replace("- hb.1", "- hb.9"), encoding="utf-8")
    assert any("unknown rule ID 'hb.9'" in str(p) for p in load_corpus(tmp_path).problems)
