"""The custom-rules checker on DYN (seed 000) and on the core rules alone."""

from __future__ import annotations

import pytest

from mtgrules.proofs import lint
from mtgrules.proofs.lint.reviewed import REVIEWED_CORE, REVIEWED_DYN, verify_checks
from mtgrules.proofs.rulesets import CORE, DYN, load_with_core
from mtgrules.spec import load_spec



@pytest.fixture(scope="module")
def dyn_report() -> lint.Report:
    return lint.lint_file(DYN)


def by_clauses(report, kind):
    return {tuple(f.clauses): f for f in report.findings if f.kind == kind}


def test_every_dyn_item_is_formalized_verbatim():
    spec = load_spec()
    custom, core = load_with_core(DYN)
    assert core is not None
    formal = {c.id.split("/")[0] for c in custom.clauses}
    wanted = {i.id for i in spec if i.document == "dyn" and i.kind in ("rule", "ruling", "example")}
    assert formal == wanted
    for c in custom.clauses:
        assert c.text in spec[c.id.split("/")[0]].text


def test_dyn_findings_are_the_reviewed_ones(dyn_report):
    assert {(f.kind, tuple(f.clauses)) for f in dyn_report.findings} == REVIEWED_DYN
    assert dyn_report.count("unknown") == 0


@pytest.mark.rules("dyn.1", "dyn.3b", "cr.current.flip-cards")
def test_dyn1_flip_frame_conflicts_with_the_flip_card_rules(dyn_report):
    found = by_clauses(dyn_report, "contradiction")
    assert ("dyn.1", "flip.710.1ab") in found
    stack = found[("dyn.1", "dyn.3b", "flip.710.2-off-battlefield")]
    assert stack.witness["zone"] == "stack" and stack.witness["layout"] == "dynamic"


@pytest.mark.rules("dyn.5a", "cr.current.manifest")
def test_dyn5a_covers_manifest_as_written(dyn_report):
    found = by_clauses(dyn_report, "contradiction")
    f = found[("dyn.5a", "manifest.701.40a")]
    assert f.witness["via"] == "manifest" and f.witness["face"] == "down"


@pytest.mark.rules("dyn.4", "dyn.example.r1")
def test_dyn4_split_card_leaves_dynamic_characteristics_open(dyn_report):
    [amb] = [f for f in dyn_report.findings if f.kind == "ambiguity"]
    assert "characteristics" in amb.outcomes and amb.witness["card"] == "any"
    assert amb.witness["zone"] not in ("stack", "battlefield")
    terms = {(tuple(f.clauses), f.subkind) for f in dyn_report.findings if f.kind == "term"}
    assert (("dyn.4",), "scope") in terms


@pytest.mark.rules("dyn.3c", "cr.dyn.cast-copy")
def test_dyn3c_cites_the_2014_2021_numbering(dyn_report):
    [ref] = [f for f in dyn_report.findings if f.kind == "reference"]
    assert ref.clauses == ["dyn.3c"] and "706.12" in ref.explanation and "707.12" in ref.explanation


@pytest.mark.rules("dyn.5a", "dyn.5b", "dyn.6", "dyn.5")
def test_dyn_terms(dyn_report):
    terms = {(tuple(f.clauses), f.subkind) for f in dyn_report.findings if f.kind == "term"}
    assert (("dyn.5a",), "misspelling") in terms  # permament
    assert (("dyn.6",), "property") in terms  # a spell is never tapped
    assert (("dyn.5/1",), "property") in terms  # a resolving spell is not a permanent


@pytest.mark.rules("dyn.5c", "dyn.5a", "cr.current.manifest")
def test_intended_overrides_are_not_reported(dyn_report):
    used = {(o["rule"], o["over"]) for o in dyn_report.overrides_used}
    assert ("dyn.5c", "manifest.701.40g") in used and ("dyn.5a", "types.304.4") in used
    assert not any("manifest.701.40g" in f.clauses or "types.304.4" in f.clauses for f in dyn_report.findings)


@pytest.mark.rules("dfc-2016.4a", "dfc-2016.9a", "flashback.a", "morph.a")
def test_core_rules_alone_have_no_contradiction():
    report = lint.lint_file(CORE)
    assert report.count("contradiction") == report.count("ambiguity") == report.count("unknown") == 0
    assert {(f.kind, tuple(f.clauses)) for f in report.findings} == REVIEWED_CORE


def test_verify_checks_pass():
    for check in verify_checks():
        result = check()
        assert result.ok, (result.summary, result.details[:5])


@pytest.mark.rules("dyn.5c", "dyn.4c", "merging.2g")
def test_dyn5c_does_not_say_whether_it_overrides_730_2g(dyn_report):
    # a manifested dynamic card (an instant card too, DYN.4c) in a face-down merged permanent:
    # 730.2g says it can't be turned face up, DYN.5c that it may be (DYN overrides 701.40g, but
    # nothing settles 730.2g)
    found = by_clauses(dyn_report, "contradiction")
    for key in (("dyn.5c", "merging.2g"), ("dyn.4c", "dyn.5c", "merging.2g/topmost")):
        w = found[key].witness
        assert w["merged"] == "yes" and w["face"] == "down" and w["via"] == "manifest" and w["event"] == "turning-face-up"


@pytest.mark.rules("dyn.5", "dyn.5b", "cr.current.mutate", "morph.d")
def test_mutate_and_morph_overrides_are_intended(dyn_report):
    used = {(o["rule"], o["over"]) for o in dyn_report.overrides_used}
    assert ("mutate.702.140c", "dyn.5/1") in used  # “as a permanent spell typically is”
    assert ("dyn.5b", "morph.d") in used  # turned face up: the permanent half (as over 708.8)
    assert not any("morph.d" in f.clauses or "mutate.702.140c" in f.clauses for f in dyn_report.findings)
