"""Without shared/ (the Comprehensive Rules texts) the reference and misspelling checks are
reported as skipped, never silently passed."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.proofs import lint

FIXTURES = Path(__file__).parent / "lint_fixtures"


@pytest.fixture
def no_shared(monkeypatch, tmp_path):
    import mtgrules.spec.loader as loader

    monkeypatch.setenv("MTGRULES_SHARED", str(tmp_path))  # an empty folder: no data/
    monkeypatch.setattr(loader, "shared_dir", lambda *a, **k: None)
    return tmp_path


def test_reference_check_is_skipped_without_shared(no_shared):
    report = lint.lint_file(FIXTURES / "references.yaml")
    assert any("cited rule numbers were not checked" in s for s in report.skipped)
    assert any("misspelling check skipped" in s for s in report.skipped)
    # the dangling and outdated citations of the fixture are not found, and the report says why
    assert not [f for f in report.findings if f.kind == "reference" and f.subkind == "edition"]
    assert report.as_json()["skipped"] == report.skipped


def test_cli_prints_the_skipped_checks(no_shared):
    from click.testing import CliRunner

    from mtgrules.proofs.lint.cli import lint_rules

    result = CliRunner().invoke(lint_rules, [str(FIXTURES / "clean.yaml")])
    assert "skipped: shared/ data not found" in result.stdout


def test_shared_without_data_is_skipped_too(monkeypatch, tmp_path):
    """MTGRULES_SHARED pointing at a shared/ folder that has seeds but no CR texts."""
    (tmp_path / "seeds").mkdir()
    monkeypatch.setenv("MTGRULES_SHARED", str(tmp_path))
    from mtgrules.spec.loader import shared_dir

    assert shared_dir() == tmp_path
    report = lint.lint_file(FIXTURES / "terms.yaml")
    assert any("cited rule numbers were not checked" in s for s in report.skipped)
    assert any("misspelling check skipped" in s for s in report.skipped)
    assert not [f for f in report.findings if f.subkind in ("misspelling", "renamed-term")]
