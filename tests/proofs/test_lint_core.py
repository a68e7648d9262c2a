"""The core rules formalized for the custom-rules checker (proofs/core_rules.yaml): analysed alone,
precedence as data, and the new formalizations (merging and mutate, 400.7, copies, casting,
mana value, madness, storm, affinity, morph) probed by designer clauses that contradict them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.proofs import lint
from mtgrules.proofs.lint.reviewed import REVIEWED_CORE
from mtgrules.proofs.rulesets import CORE, load, load_core

FIXTURES = Path(__file__).parent / "lint_fixtures"


@pytest.fixture(scope="module")
def core_report() -> lint.Report:
    return lint.lint_file(CORE)


@pytest.fixture(scope="module")
def probe_report() -> lint.Report:
    return lint.lint_file(FIXTURES / "core_probe.yaml")


def conflicts(report) -> set[frozenset]:
    return {frozenset(f.clauses) for f in report.findings if f.kind == "contradiction"}


@pytest.mark.rules("merging.2a", "merging.2g", "merging.3", "madness.a", "storm.a", "affinity.b", "morph.d", "cr.current.new-object", "cr.current.mutate")
def test_core_alone_has_no_contradiction_or_open_question(core_report):
    assert core_report.count("contradiction") == core_report.count("ambiguity") == core_report.count("unknown") == 0


@pytest.mark.rules("dfc-2016.4b", "flashback.q3", "madness.q4", "affinity.q2", "morph.q2")
def test_core_alone_gives_no_finding(core_report):
    # “converted mana cost” in the 2016 rule and the pre-2013 rulings: right for their editions
    # (quoted verbatim), so not a renamed-term finding
    assert REVIEWED_CORE == frozenset()
    assert [(f.kind, f.clauses) for f in core_report.findings] == []


def test_renamed_term_is_still_found_in_a_text_of_no_older_edition(tmp_path):
    # the same words in a designer's clause (no spec item of an older edition) are a finding
    path = tmp_path / "cmc.yaml"
    path.write_text("ruleset: {id: hb, title: cmc, core: false}\nclauses:\n  - id: hb.1\n    text: \"Its converted mana cost is 3.\"\n", encoding="utf-8")
    report = lint.lint_file(path)
    assert [(f.kind, f.subkind, f.clauses) for f in report.findings] == [("term", "renamed-term", ["hb.1"])]


def test_every_formalized_seed_rule_is_quoted_verbatim():
    from mtgrules.spec import load_spec

    spec = load_spec()
    core = load_core()
    ids = {c.id.split("/")[0] for c in core.clauses}
    merging = {i.id for i in spec if i.document == "merging" and i.kind == "rule"}
    assert merging <= ids  # 730.1-730.3e, every one
    assert {"madness.a", "madness.b", "storm.a", "affinity.b", "affinity.c", "flashback.q3", "madness.q4", "affinity.q2", "morph.q2", "morph.a", "morph.b", "morph.d"} <= ids
    for c in core.clauses:
        if c.id.split("/")[0] in spec and spec[c.id.split("/")[0]].text:
            assert c.text in spec[c.id.split("/")[0]].text
    cited = {r for c in core.clauses for r in c.rules}
    assert {"cr.current.new-object", "cr.current.copy-of-spell", "cr.current.cast-copy", "cr.dyn.cast-copy", "cr.current.mutate", "cr.current.mana-value",
            "cr.current.instants-cant-enter", "cr.current.sorceries-cant-enter", "cr.current.permanent", "cr.current.status"} <= cited


@pytest.mark.rules("storm.a", "storm.q2", "cr.current.copy-of-spell", "affinity.b", "cr.current.generic-reduction", "madness.q4", "cr.current.mana-value",
                   "merging.2c", "merging.3", "morph.d")
def test_designer_clauses_against_the_core(probe_report):
    assert conflicts(probe_report) == {
        frozenset(s) for s in (
            ("p.1", "storm.a"), ("p.1", "storm.q2"), ("p.1", "copy.707.10"),  # storm copies aren't cast
            ("p.7", "copy.707.10"),  # a copy of a spell isn't cast (707.10)
            ("p.2", "affinity.b"), ("p.2", "generic.118.7a"),  # affinity reduces generic mana only
            ("p.3", "madness.q4"), ("p.3", "manavalue.202.3"),  # mana value from the mana cost, not the cost paid
            ("p.4", "merging.3"),  # a merged permanent leaving becomes each component
            ("p.5", "merging.2c"),  # the merged permanent is the same object
            ("p.6", "morph.d"),  # turning face up is not entering the battlefield
        )
    }
    assert probe_report.count("ambiguity") == probe_report.count("unknown") == 0


@pytest.mark.rules("madness.a", "cr.current.discard")
def test_madness_replacement_lets_the_card_be_exiled(probe_report):
    # p.8 (exile the discarded madness card) conflicts with nothing: madness's replacement
    # sets aside 701.9a's graveyard
    assert not any("p.8" in f.clauses for f in probe_report.findings)
    assert {"rule": "madness.a", "over": "discard.701.9a"}.items() <= next(o for o in probe_report.overrides_used if o["rule"] == "madness.a").items()


@pytest.mark.rules("merging.2a", "merging.2g", "morph.b", "morph.d", "cr.current.mutate", "cr.current.status", "cr.current.manifest", "flashback.a")
def test_precedence_entries_are_each_needed(tmp_path):
    text = CORE.read_text(encoding="utf-8")
    path = tmp_path / "core_without_precedence.yaml"
    path.write_text(text[: text.index("precedence:")] + text[text.index("clauses:"):], encoding="utf-8")
    found = conflicts(lint.analyse(load(path), None))
    for pair in (("mutate.702.140e", "merging.2a"), ("manifest.701.40a", "status.110.5b"), ("morph.b", "status.110.5b"), ("merging.2g", "morph.d"),
                 ("flashback.a", "resolve.608.2n"), ("mutate.702.140c", "resolve.608.2n", "resolve.608.3"), ("facedown.708.2", "normal.109.3")):
        assert frozenset(pair) in found, pair


@pytest.mark.rules("dfc-2016.5", "merging.2i")
def test_merged_permanent_with_a_double_faced_component_can_transform(core_report):
    # 711.5 (2016) read with 730.2: a merged permanent is represented by each component
    assert not any("dfc-2016.5" in f.clauses for f in core_report.findings)
    core = load_core()
    assert core.clause("dfc-2016.5").when["other-component"] == {"not": "double-faced"}
