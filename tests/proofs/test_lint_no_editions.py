"""With no Comprehensive Rules edition imported, the reference and misspelling checks are
reported as skipped, never silently passed."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.proofs import lint

FIXTURES = Path(__file__).parent / "lint_fixtures"


@pytest.fixture
def no_editions(monkeypatch):
    from mtgrules.spec import editions

    monkeypatch.setattr(editions, "available", lambda *a, **k: [])


def test_reference_and_misspelling_checks_are_skipped(no_editions):
    report = lint.lint_file(FIXTURES / "terms.yaml")
    assert any("cited rule numbers were not checked" in s for s in report.skipped)
    assert any("misspelling check skipped" in s for s in report.skipped)
    assert not [f for f in report.findings if f.subkind in ("misspelling", "renamed-term", "edition")]
    assert report.as_json()["skipped"] == report.skipped


def test_cli_prints_the_skipped_checks(no_editions):
    from click.testing import CliRunner

    from mtgrules.proofs.lint.cli import lint_rules

    result = CliRunner().invoke(lint_rules, [str(FIXTURES / "clean.yaml")])
    assert "skipped: no Comprehensive Rules edition imported" in result.stdout


def test_with_the_imported_editions_nothing_is_skipped():
    report = lint.lint_file(FIXTURES / "terms.yaml")
    assert report.skipped == []
