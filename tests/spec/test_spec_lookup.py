"""Lookups: an item is found by ID, by printed number and edition, and by current number."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.spec import load_spec


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def test_flashback_is_found_under_every_number_it_has_had(spec):
    assert [i.id for i in spec.lookup("702.32a@pre-2013")] == ["flashback.a"]
    assert [i.id for i in spec.lookup("702.34a")] == ["flashback.a"]
    assert [i.id for i in spec.lookup("flashback.a")] == ["flashback.a"]


def test_dynamic_rules_are_found_as_printed_and_in_any_case(spec):
    assert [i.id for i in spec.lookup("DYN.5c")] == ["dyn.5c"]
    assert [i.id for i in spec.lookup("dyn.5c")] == ["dyn.5c"]
    assert [i.id for i in spec.lookup("Flashback.A")] == ["flashback.a"]


def test_2016_double_faced_rule_is_found_by_its_edition_and_today(spec):
    assert [i.id for i in spec.lookup("711.4b@2016-04-08")] == ["dfc-2016.4b"]
    assert "dfc-2016.4b" in [i.id for i in spec.lookup("712.8e")]


def test_every_702_and_711_item_has_a_current_number(spec):
    missing = [
        i.id for i in spec
        if i.kind == "rule" and i.document in ("keywords", "dfc-2016") and not i.current and i.id != "affinity.b"
    ]
    assert missing == []


def test_rulings_are_attached_to_the_rules_they_explain(spec):
    assert "flashback.q5" in spec["flashback.a"].rulings
    for item in spec:
        for target in item.explains:
            assert target in spec


def test_spec_list_json_has_the_fields_engines_need():
    result = CliRunner().invoke(main, ["spec", "list", "--json"])
    assert result.exit_code == 0, result.output
    items = json.loads(result.stdout)
    required = {"id", "printed_number", "edition", "current_number", "kind", "title", "text", "source", "refs"}
    assert all(required <= set(item) for item in items)
    by_id = {item["id"]: item for item in items}
    assert by_id["flashback.a"]["current_number"] == "702.34a"
    assert by_id["flashback.a"]["source"] == {"file": "004_1ed1565688c40336.txt", "line": 1, "end_line": 1}


def test_spec_show_by_printed_number():
    result = CliRunner().invoke(main, ["spec", "show", "702.32a@pre-2013", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["id"] == "flashback.a"


def test_spec_show_unknown_is_an_error_message():
    result = CliRunner().invoke(main, ["spec", "show", "999.9z"])
    assert result.exit_code == 2  # a query that matches nothing is a usage error
    assert "no item matches '999.9z'" in result.stderr
