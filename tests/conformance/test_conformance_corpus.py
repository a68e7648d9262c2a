"""The conformance corpus and the card pool validate; bad input is reported with file, line and
field, and the other scenarios still load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.conformance.checks import check_corpus, check_corpus_coverage
from mtgrules.cards import load_pool
from mtgrules.conformance.scenarios import ACTIONS, EXPECTATIONS, load_corpus
from mtgrules.conformance.traceability import citations
from mtgrules.spec import load_spec

FIXTURES = Path(__file__).parent / "fixtures" / "mixed"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_card_pool_validates():
    pool = load_pool()
    assert not pool.problems, "\n".join(map(str, pool.problems))
    assert len(pool) > 50
    # faces are reachable by their own names (double-faced, flip and dynamic cards)
    assert pool.get("Insectile Aberration").name == "Delver of Secrets // Insectile Aberration"
    assert pool.get("Purewind Blessings").layout == "dynamic"


def test_corpus_validates(corpus):
    assert not corpus.problems, "\n".join(map(str, corpus.problems))
    assert corpus.files == len(corpus.scenarios)
    assert len(corpus.scenarios) >= 100


def test_every_cited_rule_exists_and_every_scenario_has_a_source(corpus):
    spec = load_spec()
    for scenario in corpus.scenarios:
        assert scenario.rules and all(rule in spec for rule in scenario.rules), scenario.id
        ruling = scenario.source.get("ruling")
        assert ruling is None or ruling in spec, scenario.id


def test_scenario_ids_are_unique_and_match_file_names(corpus):
    ids = [s.id for s in corpus.scenarios]
    assert len(ids) == len(set(ids))
    assert all(Path(s.file).stem == s.id for s in corpus.scenarios)


def test_every_seed_ruling_has_a_scenario(corpus):
    spec = load_spec()
    cited = {rule for s in corpus.scenarios for rule in s.rules}
    rulings = [i.id for i in spec if i.kind == "ruling" and i.document in ("dyn", "keywords")]
    assert rulings, "the spec lists the seeds' rulings"
    missing = [r for r in rulings if r not in cited]
    assert not missing, f"rulings without a scenario: {missing}"


def test_traceability_cites_each_rule_with_file_and_line(corpus):
    found = citations()
    assert found and all(c.role == "tests" and c.file and c.line for c in found)
    one = next(c for c in found if c.by == "flashback-countered-exiled" and c.rule_id == "flashback.q5")
    assert Path(one.file).name == "flashback-countered-exiled.yaml" and one.line == 3


def test_verify_checks_pass():
    result = check_corpus()
    assert result.ok, result.details
    assert check_corpus_coverage().ok


# --- bad input --------------------------------------------------------------------------------

EXPECTED = {
    "yaml-error.yaml": (3, "", "YAML syntax error"),
    "schema-violation.yaml": (5, "editions", "is not of type 'array'"),
    "unknown-rule.yaml": (3, "rules/1", "unknown rule ID 'flashback.zz9'"),
    "unknown-card.yaml": (10, "setup/players/alice/battlefield/1", "unknown card 'Mox Lotus'"),
    "unknown-action.yaml": (15, "steps/1", "unknown action"),
    "missing-object.yaml": (17, "expect/0/object", "no object or player 'Lightning Bolt'"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_input_is_located(name):
    corpus = load_corpus(FIXTURES)
    line, field, message = EXPECTED[name]
    found = [p for p in corpus.problems if Path(p.file).name == name]
    assert len(found) == 1, found
    problem = found[0]
    assert (problem.line, problem.field) == (line, field)
    assert message in problem.message
    assert str(problem).startswith(f"{problem.file}:{line}:")


def test_other_scenarios_still_load():
    corpus = load_corpus(FIXTURES)
    assert [s.id for s in corpus.scenarios] == ["good-one"]
    assert corpus.files == 7


def test_duplicate_ids_and_wrong_file_names(tmp_path):
    shutil.copy(FIXTURES / "good-one.yaml", tmp_path / "good-one.yaml")
    sub = tmp_path / "other"
    sub.mkdir()
    shutil.copy(FIXTURES / "good-one.yaml", sub / "good-one.yaml")
    shutil.copy(FIXTURES / "good-one.yaml", sub / "renamed.yaml")
    corpus = load_corpus(tmp_path)
    messages = [str(p) for p in corpus.problems]
    assert any("duplicate scenario ID 'good-one'" in m for m in messages)
    assert any("renamed.yaml:1: id: the file name must be the scenario ID" in m for m in messages)
    assert len(corpus.scenarios) == 1


def test_ambiguous_reference_and_unknown_player(tmp_path):
    text = (FIXTURES / "good-one.yaml").read_text()
    text = text.replace("targets: [bob]", "targets: [Mountain]").replace("{resolve: all}", "{pass: carol}")
    (tmp_path / "good-one.yaml").write_text(text)
    messages = [str(p) for p in load_corpus(tmp_path).problems]
    assert any("steps/0/targets/0: 'Mountain' names 5 objects" in m for m in messages), messages
    assert any("steps/1/pass: unknown player 'carol'" in m for m in messages), messages


def test_vocabularies_are_the_schemas():
    schema = json.loads((Path(__file__).parents[2] / "conformance" / "scenario.schema.json").read_text())
    step_verbs = {cond["if"]["required"][0] for cond in schema["$defs"]["step"]["allOf"]}
    kinds = {cond["if"]["required"][0] for cond in schema["$defs"]["expectation"]["allOf"]}
    assert step_verbs == set(ACTIONS)
    assert kinds == set(EXPECTATIONS)


def test_cli_validate_reports_and_exits_2_on_bad_input():
    runner = CliRunner()
    result = runner.invoke(main, ["scenarios", "validate", "--dir", str(FIXTURES)])
    assert result.exit_code == 2
    assert "missing-object.yaml:17: expect/0/object:" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(main, ["scenarios", "validate", "--dir", str(FIXTURES), "--json"])
    data = json.loads(result.stdout)
    assert data["valid"] == 1 and len(data["problems"]) == 6


def test_cli_list_json():
    result = CliRunner().invoke(main, ["scenarios", "list", "--json", "--rule", "flashback.q5"])
    assert result.exit_code == 0
    ids = [s["id"] for s in json.loads(result.stdout)]
    assert "flashback-countered-exiled" in ids


def test_every_observable_seed_clause_has_a_scenario():
    from mtgrules.conformance.checks import uncovered

    missing, not_observable = uncovered()
    assert not missing, f"observable clauses without a scenario: {missing}"
    assert "dfc-2016.1a" in not_observable  # the front-face symbol: physical, shown with its reason


def test_quote_must_be_verbatim_in_the_seed(tmp_path):
    text = (FIXTURES / "good-one.yaml").read_text()
    good = text.replace("line: 1}", 'line: 1, quote: "Flashback appears on some instants and sorceries."}')
    (tmp_path / "good-one.yaml").write_text(good)
    assert not load_corpus(tmp_path).problems
    (tmp_path / "good-one.yaml").write_text(good.replace("some instants", "all instants"))
    messages = [str(p) for p in load_corpus(tmp_path).problems]
    assert len(messages) == 1 and "good-one.yaml:4: source/quote: not verbatim in 004_1ed1565688c40336.txt" in messages[0], messages
