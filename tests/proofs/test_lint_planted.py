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
