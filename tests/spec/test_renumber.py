"""``mtgrules spec renumber`` and the spec's numbers against the newest imported edition.

The expected rows come from the reference tables that were read by hand when the spec was
written (the section/keyword table and the checked 711 -> 712 table of the 2016 -> 2026
mapping; the automatic subrule table for 115 -> 116): they are written here, not read.
"""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.spec import editions, read_spec
from mtgrules.spec.loader import SPEC_DIR
from mtgrules.spec.renumber import Renumbering

# (2016-07-22 number, 2026-08-07 number), from the reference mapping tables
EXPECTED_2016_TO_2026 = [
    ("702.33", "702.34"),  # flashback
    ("702.33a", "702.34a"),
    ("702.38", "702.39"),  # provoke
    ("702.38a", "702.39a"),
    ("702.36f", "702.37g"),  # morph: 702.37f is new
    ("711", "712"),  # double-faced cards
    ("711.3", "712.7"),
    ("711.4b", "712.8e"),
    ("711.9a", "712.15a"),
    ("711.13", "712.19"),
    ("713", "713"),  # checklist cards -> substitute cards (renamed)
    ("701.25", "701.27"),  # transform
    ("706.12", "707.12"),  # cast a copy of an object
    ("115", "116"),  # special actions
    ("115.2a", "116.2a"),
    ("400.7b", "400.7c"),
]


@pytest.fixture(scope="module")
def rows():
    result = CliRunner().invoke(main, ["spec", "renumber", "--from", "2016-07-22", "--to", "2026-08-07", "--json"])
    assert result.exit_code == 0, result.output
    return {row["id"]: row for row in json.loads(result.stdout)}


@pytest.mark.parametrize("old, new", EXPECTED_2016_TO_2026)
def test_rules_are_mapped_as_the_reference_tables_say(old, new):
    mapping = Renumbering(editions.load("2016-07-22"), editions.load("2026-08-07"))
    assert mapping[old].number == new


@pytest.mark.rules("flashback", "flashback.a", "provoke", "dfc-2016", "dfc-2016.3", "dfc-2016.3b", "morph.e", "affinity.b")
def test_spec_items_from_2016_to_2026(rows):
    for item, old, new in [("flashback", "702.33", "702.34"), ("flashback.a", "702.33a", "702.34a"), ("provoke", "702.38", "702.39"),
                           ("dfc-2016", "711", "712"), ("dfc-2016.3", "711.3", "712.7"), ("morph.e", "702.36f", "702.37g")]:
        assert (rows[item]["from"], rows[item]["to"]) == (old, new), rows[item]
    assert rows["flashback"]["confidence"] == 1.0 and rows["flashback"]["to_how"] == "title"
    # the seed's checklist-card rules of 711 (April 2016) are 713 in July 2016 and today
    assert (rows["dfc-2016.3b"]["from"], rows["dfc-2016.3b"]["to"]) == ("713.3", "713.3")
    # affinity's 702.40b was removed (the general rule is now 118.7a): no confident counterpart
    assert rows["affinity.b"]["to"] is None and rows["affinity.b"]["confidence"] < 0.5


def test_every_row_with_a_confident_answer_agrees_with_the_current_numbers(rows):
    confident = [r for r in rows.values() if r["confidence"] >= 0.8 and r["to"]]
    assert len(confident) > 60
    # merging (rule 730) is new since 2016: its text found in 2016 is its ancestor, the meld rules
    # (merging.3b ~ 712.4b, similarity 0.84), which are 712.21 today, not 730
    disagree = [r["id"] for r in confident if r["to"] != r["current"] and not r["id"].startswith("cr.")]
    assert disagree == ["merging.3b"] and rows["merging.3b"]["from"] == "712.4b"


def test_unknown_edition_is_a_clear_error():
    result = CliRunner().invoke(main, ["spec", "renumber", "--from", "2012-01-01", "--to", "2026-08-07"])
    assert result.exit_code == 2 and "edition '2012-01-01' is not imported (imported: 2015-01-23, 2016-07-22, 2026-08-07" in result.output


def spec_copy(tmp_path):
    for path in SPEC_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path)
    shutil.copytree(SPEC_DIR / "sources", tmp_path / "sources")
    shutil.copytree(SPEC_DIR / "editions", tmp_path / "editions")
    return tmp_path


def test_validate_reports_a_current_number_the_text_disagrees_with(tmp_path):
    spec_dir = spec_copy(tmp_path)
    keywords = spec_dir / "keywords.yaml"
    keywords.write_text(keywords.read_text(encoding="utf-8").replace("current: 702.34a", "current: 702.35a", 1), encoding="utf-8")
    spec, problems = read_spec(spec_dir)
    assert [p.message for p in problems] == ["the item's text is 702.34a in 2026-08-07 (similarity 0.91), not 702.35a (similarity 0.35)"]


def test_validate_reports_items_that_moved_in_a_newer_edition(tmp_path):
    """A newer edition in which flashback became 702.250: its items are reported, the rest not."""
    spec_dir = spec_copy(tmp_path)
    data = json.loads((spec_dir / "editions" / "2026-08-07.json").read_text(encoding="utf-8"))
    moved = lambda n: "702.250" + n[len("702.34"):] if n.startswith("702.34") and not n[6:7].isdigit() else n  # noqa: E731
    data["edition"] = "2027-01-01"
    data["rules"] = {moved(n): f for n, f in data["rules"].items()}
    data["titles"] = {moved(n): t for n, t in data["titles"].items()}
    (spec_dir / "editions" / "2027-01-01.json").write_text(json.dumps(data), encoding="utf-8")
    spec, problems = read_spec(spec_dir)
    found = sorted(p.message.split(" (")[0] for p in problems)
    assert found == ["702.34", "702.34a"]
    assert all("is 702.250" in p.message and "spec renumber --from 2026-08-07 --to 2027-01-01" in p.message for p in problems)


def test_a_broken_index_is_a_located_problem_not_a_traceback(tmp_path):
    spec_dir = spec_copy(tmp_path)
    (spec_dir / "editions" / "2027-01-01.json").write_text('{"format": 1, "edition": "2027-01-01"}', encoding="utf-8")
    spec, problems = read_spec(spec_dir)
    assert [str(p).split("2027-01-01.json: ")[1] for p in problems] == [
        "bad edition index: glossary: missing or not a list", "bad edition index: rule_pairs: missing or not a dict",
        "bad edition index: rules: missing or not a dict", "bad edition index: sections: missing or not a dict",
        "bad edition index: titles: missing or not a dict", "bad edition index: words: missing or not a list"]


@pytest.mark.parametrize("text, message", [
    ("pre-2013:\n  title: Old\n  colour: blue\n", "Additional properties are not allowed ('colour' was unexpected)"),
    ("pre-2013:\n  description: no title\n", "'title' is a required property"),
    ("Pre 2013:\n  title: Old\n  current: true\n", "does not match"),
    ("a:\n  title: A\n  current: true\nb:\n  title: B\n  current: true\n", "exactly one edition must be `current: true` (found: a, b)"),
])
def test_editions_yaml_is_schema_checked(tmp_path, text, message):
    (tmp_path / "editions.yaml").write_text(text, encoding="utf-8")
    spec, problems = read_spec(tmp_path)
    assert spec is None and len(problems) == 1 and message in problems[0].message and problems[0].file.endswith("editions.yaml")
