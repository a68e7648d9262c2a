"""The spec validator: each kind of bad input gives one clear message naming file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.spec import read_spec

FIXTURES = Path(__file__).parent / "fixtures"
SOURCES = FIXTURES / "sources"


def problems_of(name: str) -> list:
    spec, problems = read_spec(FIXTURES / name, sources=SOURCES)
    return problems


def test_good_fixture_is_valid():
    spec, problems = read_spec(FIXTURES / "good", sources=SOURCES)
    assert problems == []
    assert spec["mini.a"].refs[0].to == ("mini",)
    assert spec["mini"].children == ["mini.a"]


@pytest.mark.parametrize(
    "fixture, file, line, field, message",
    [
        ("bad-yaml", "broken.yaml", 3, "", "YAML syntax error"),
        ("bad-schema", "schema.yaml", 6, "items/0", "'text' is a required property"),
        ("bad-schema", "schema.yaml", 12, "items/1/kind", "'statute' is not one of"),
        ("duplicate", "two.yaml", 14, "items/1/id", "duplicate ID 'mini.a', first defined at"),
        ("dangling", "dangling.yaml", 23, "items/1/refs/0/to/0", "dangling reference: '702.32' resolves to unknown item 'nowhere'"),
        ("edition", "edition.yaml", 9, "items/0/edition", "unknown edition '1999-01-01'"),
        ("typo", "typo.yaml", 25, "items/1/typos/0/verbatim", "'ast' does not occur in the item's text"),
        ("verbatim", "verbatim.yaml", 20, "items/1/text", "text is not verbatim in fixture.txt lines 1-1"),
    ],
)
def test_each_kind_of_bad_input_is_located(fixture, file, line, field, message):
    problems = problems_of(fixture)
    matching = [p for p in problems if p.file.endswith(file) and p.line == line and p.field == field and message in p.message]
    assert matching, "\n".join(str(p) for p in problems)


def test_bad_input_on_the_command_line_is_a_message_not_a_traceback():
    result = CliRunner().invoke(main, ["spec", "validate", "--spec-dir", str(FIXTURES / "dangling"), "--sources", str(SOURCES)])
    assert result.exit_code == 2  # bad input
    assert "Traceback" not in result.output
    assert "dangling.yaml:23: items/1/refs/0/to/0: dangling reference" in result.output
    assert "spec invalid: 1 problem(s)" in result.output


def test_validate_json_lists_problems():
    result = CliRunner().invoke(main, ["spec", "validate", "--json", "--spec-dir", str(FIXTURES / "edition"), "--sources", str(SOURCES)])
    assert result.exit_code == 2
    problems = json.loads(result.stdout)
    assert {p["field"] for p in problems} >= {"items/0/edition", "items/1/edition"}


def test_the_project_spec_is_valid():
    spec, problems = read_spec()
    assert problems == [], "\n".join(map(str, problems))
