"""Hidden defects are real defects: five small rule sets of the project's own
(tests/proofs/lint_fixtures/planted/), each with one planted defect of every finding kind. Each
defect is found, and nothing else is (0 false alarms)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.proofs import lint

PLANTED = Path(__file__).parent / "lint_fixtures" / "planted"

# (kind, subkind, clauses): contradiction with a core rule, internal contradiction, ambiguity,
# dangling or outdated reference, misused term
EXPECTED = {
    "p1_flashback.yaml": {("contradiction", "", ("p1.1", "zones.400.7")), ("contradiction", "", ("p1.2", "p1.3")), ("ambiguity", "", ("p1.4",)),
                          ("reference", "dangling-cite", ("p1.4",)), ("term", "property", ("p1.5",))},
    "p2_split.yaml": {("contradiction", "", ("p2.1", "split.709.4")), ("contradiction", "", ("p2.2", "p2.3")), ("ambiguity", "", ("p2.4",)),
                      ("reference", "edition", ("p2.5",)), ("term", "misspelling", ("p2.6",))},
    "p3_merged.yaml": {("contradiction", "", ("merging.3", "p3.1")), ("contradiction", "", ("p3.2", "p3.3")), ("ambiguity", "", ("p3.4",)),
                       ("reference", "dangling-cite", ("p3.4",)), ("term", "renamed-term", ("p3.5",))},
    "p4_morph.yaml": {("contradiction", "", ("morph.d", "p4.1")), ("contradiction", "", ("p4.2", "p4.3")), ("ambiguity", "", ("p4.4",)),
                      ("reference", "dangling-cite", ("p4.4",)), ("term", "property", ("p4.5",))},
    "p5_madness.yaml": {("contradiction", "", ("madness.a", "p5.1")), ("contradiction", "", ("p5.2", "p5.3")), ("ambiguity", "", ("p5.4",)),
                        ("reference", "edition", ("p5.4",)), ("term", "renamed-term", ("p5.5",))},
}
# The designers' vocabulary (issue 20): one planted defect per new element (timing, costs,
# amounts, targets, zones of origin, declared words); the declared words give no finding.
VOCABULARY = {
    ("contradiction", "", ("p6.1", "p6.2")),  # timing: instant or sorcery speed
    ("contradiction", "", ("p6.2", "p6.3")),  # timing: castable in combat, against sorcery speed (307.1, a meaning of the vocabulary)
    ("contradiction", "", ("flashback.q2", "p6.4")),  # timing: against a core rule
    ("contradiction", "", ("p6.5", "p6.6")),  # costs: {2} or {3}
    ("ambiguity", "", ("p6.7",)),  # amounts: 2 or 3 damage
    ("contradiction", "", ("p6.8", "p6.9")),  # targets: whose creature
    ("contradiction", "", ("p6.10", "p6.11")),  # zone of origin: cast from a graveyard
    ("term", "undeclared", ("p6.12",)),  # an undeclared supertype
    ("term", "undeclared", ("p6.13",)),  # an undeclared keyword
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_planted_defect_is_found_and_nothing_else(name):
    report = lint.lint_file(PLANTED / name)
    found = {(f.kind, f.subkind, tuple(f.clauses)) for f in report.findings}
    assert found == EXPECTED[name]
    kinds = {(k, s) for k, s, c in found}
    # one of every kind: with a core rule, internal, ambiguity, reference, term
    assert any(k == "contradiction" and any("." in x and not x.startswith(name[:2]) for x in c) for k, _, c in found)
    assert any(k == "contradiction" and all(x.startswith(name[:2]) for x in c) for k, _, c in found)
    assert {"ambiguity", "reference", "term"} <= {k for k, _ in kinds}


@pytest.fixture(scope="module")
def vocabulary_report() -> lint.Report:
    return lint.lint_file(PLANTED / "p6_vocabulary.yaml")


def test_every_planted_vocabulary_defect_is_found_and_nothing_else(vocabulary_report):
    assert {(f.kind, f.subkind, tuple(f.clauses)) for f in vocabulary_report.findings} == VOCABULARY


def test_the_timing_conflict_is_decided_by_the_model_on_its_witness(vocabulary_report):
    from mtgrules.proofs.lint.runs import run_on_reference

    f = next(f for f in vocabulary_report.findings if f.clauses == ["p6.2", "p6.3"])
    assert f.scenario["setup"]["turn"]["step"] == "beginning-of-combat" and f.readings == ["p6.2", "p6.3"]
    assert f.alternatives == [[{"does_not_offer": {"cast": "W", "by": "alice"}}], [{"offers": {"cast": "W", "by": "alice"}}]]
    assert run_on_reference([f]) == []
    # a creature card at end of combat: the model follows sorcery speed (307.1), not p6.3
    assert f.model["outcome"] == "passed" and f.model["takes"] == ["p6.2"]


def test_declared_words_are_values_and_undeclared_ones_are_errors(tmp_path):
    from mtgrules.problems import InputError
    from mtgrules.proofs.rulesets import load

    body = "clauses:\n  - id: hb.1\n    text: \"Echo strike spells cost {2}.\"\n    when: {keyword: echo-strike}\n    then: {cost-amount: 2}\n"
    declared = tmp_path / "declared.yaml"
    declared.write_text("ruleset: {id: hb, title: echo, core: false}\ndeclares: {keywords: [{name: echo-strike, defined_by: hb.1}]}\n" + body, encoding="utf-8")
    assert load(declared).declared == {"keyword": ("echo-strike",)}
    undeclared = tmp_path / "undeclared.yaml"
    undeclared.write_text("ruleset: {id: hb, title: echo, core: false}\n" + body, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load(undeclared)
    assert "unknown value `echo-strike` for `keyword`" in str(err.value) and "declares: {keywords:" in str(err.value)
    assert [(p.line, p.field) for p in err.value.problems] == [(5, "clauses/0/when/keyword")]


def test_dyn_without_its_declared_supertype_gets_an_unknown_term(tmp_path):
    from mtgrules.proofs.lint.terms import undeclared_findings
    from mtgrules.proofs.rulesets import DYN, load_with_core

    dyn, _ = load_with_core(DYN)
    assert undeclared_findings(dyn) == []  # DYN declares “Dynamic” (DYN.1)
    dyn.declares = {}
    assert [(f.subkind, f.clauses) for f in undeclared_findings(dyn)] == [("undeclared", ["dyn.1"])]


def test_every_vocabulary_witness_validates_and_runs(vocabulary_report, tmp_path):
    from mtgrules.conformance.scenarios import load_corpus
    from mtgrules.proofs.lint.runs import run_on_reference
    from mtgrules.proofs.lint.witnesses import write_scenarios

    write_scenarios(vocabulary_report.findings, tmp_path)
    corpus = load_corpus(tmp_path)
    with_scenario = [f for f in vocabulary_report.findings if f.scenario]
    assert corpus.problems == [] and len(corpus.scenarios) == len(with_scenario) == 7
    assert run_on_reference(vocabulary_report.findings) == []
    assert [(f.clauses, f.model["outcome"]) for f in with_scenario if f.model["outcome"] != "passed"] == []
    # the set's own words are on no card of the pool: a card stands for them, and the notes say so
    cost = next(f for f in with_scenario if f.clauses == ["p6.5", "p6.6"])
    assert "own words (keyword echo-strike" in cost.scenario["notes"] and "supertype relic" in cost.scenario["notes"]
    # cast from a graveyard without a keyword that allows it: the scenario stops before the cast
    zone = next(f for f in with_scenario if f.clauses == ["p6.10", "p6.11"])
    assert zone.scenario["setup"]["players"]["alice"]["graveyard"][0]["as"] == "W" and zone.scenario["steps"][0]["check"] == "state"


def test_declaring_a_word_the_vocabulary_has_is_an_error(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text("ruleset: {id: hb, title: twice, core: false}\ndeclares: {keywords: [{name: flashback}]}\nclauses:\n  - {id: hb.1, text: \"x\"}\n", encoding="utf-8")
    from mtgrules.problems import InputError
    from mtgrules.proofs.rulesets import load

    with pytest.raises(InputError) as err:
        load(path)
    assert [(p.line, p.field) for p in err.value.problems] == [(2, "declares/keywords/0/name")]
    assert "already a value of `keyword`" in err.value.problems[0].message
