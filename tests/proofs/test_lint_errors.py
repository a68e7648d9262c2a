"""Bad rule-set files: clear errors naming file, line and field; never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.problems import InputError
from mtgrules.proofs import lint
from mtgrules.proofs.lint.cli import lint_rules
from mtgrules.proofs.rulesets import load

FIXTURES = Path(__file__).parent / "lint_fixtures"


def problems(name: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        load(FIXTURES / name)
    return [str(p) for p in exc.value.problems]


def test_yaml_syntax_error_names_file_and_line():
    [message] = problems("broken_syntax.yaml")
    assert message.startswith(f"{FIXTURES / 'broken_syntax.yaml'}:6:") and "YAML syntax error" in message


def test_schema_violation_names_the_clause():
    found = problems("broken_schema.yaml")
    assert any(":6: clauses/0:" in m and "'text' is a required property" in m for m in found)
    assert any("'txt' was unexpected" in m for m in found)


def test_unknown_vocabulary_terms_and_values():
    found = problems("broken_vocabulary.yaml")
    assert any(":8: clauses/0/when/zonee: unknown vocabulary term `zonee` (did you mean `zone`?)" in m for m in found)
    assert any(":12: clauses/1/when/zone: unknown value `hands`" in m for m in found)
    assert any(":13: clauses/1/then/characteristics: unknown value `singel`" in m for m in found)
    assert any(":16: clauses/2/when/destination:" in m and "belongs in `then`" in m for m in found)


def test_unknown_rule_ids():
    found = problems("broken_ids.yaml")
    assert any(":6: precedence/0/over/0: unknown clause ID 't.9'" in m for m in found)
    assert any(":10: clauses/0/rules/0: unknown rule ID 'cr.current.no-such-rule'" in m for m in found)
    assert any(":12: clauses/1/id: unknown rule ID 'dyn.99'" in m for m in found)
    assert any(":15: clauses/2/text: text differs from spec item dyn.2" in m for m in found)


def test_cli_bad_file_exit_2_without_traceback():
    result = CliRunner().invoke(lint_rules, [str(FIXTURES / "broken_vocabulary.yaml")])
    assert result.exit_code == 2
    assert "Traceback" not in (result.stderr + result.stdout)
    assert "clauses/0/when/zonee" in result.stderr


def test_cli_missing_file():
    result = CliRunner().invoke(lint_rules, [str(FIXTURES / "no_such_file.yaml")])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_cli_clean_file_exit_0_and_json(tmp_path):
    import json

    runner = CliRunner()
    assert runner.invoke(lint_rules, [str(FIXTURES / "clean.yaml")]).exit_code == 0
    result = runner.invoke(lint_rules, [str(FIXTURES / "contradiction.yaml"), "--json", "--scenarios", str(tmp_path)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["counts"]["contradiction"] == 2
    assert len(list(tmp_path.glob("*.yaml"))) == 2


@pytest.mark.parametrize("name", ["broken_schema.yaml", "broken_syntax.yaml", "broken_ids.yaml"])
def test_cli_every_bad_file_is_exit_2_with_file_line_field(name):
    result = CliRunner().invoke(lint_rules, [str(FIXTURES / name)])
    assert result.exit_code == 2 and "Traceback" not in result.stderr + result.stdout
    assert all(line.startswith(str(FIXTURES / name) + ":") for line in result.stderr.splitlines() if line)


def test_a_100000_letter_word_is_no_misspelling_and_no_quadratic_search(tmp_path):
    # issue 23: one such word made the misspelling search quadratic (54 s); bench/lint_dyn.py times it
    path = tmp_path / "long.yaml"
    path.write_text("ruleset: {id: hb, title: long word, core: false}\nclauses:\n  - id: hb.1\n    text: \"A " + "permanent" * 11112 + " card.\"\n", encoding="utf-8")
    report = lint.lint_file(path)
    assert [f for f in report.findings if f.subkind == "misspelling"] == []
