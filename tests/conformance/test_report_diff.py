"""`mtgrules conform-diff`: two conform --json reports compared scenario by scenario (issue 13)."""

import json

import pytest
from click.testing import CliRunner

from mtgrules.conformance.cli import conform_diff
from mtgrules.conformance.report_diff import compare, load_report
from mtgrules.conformance.runner_cli import conform
from test_runner_engines import _sample_dir

SAMPLE = ["flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "merge-counters-stay"]


def _result(sid, outcome="passed", detail="", **extra):
    return {"scenario": sid, "outcome": outcome, "detail": detail, "duration": 0.1, "file": f"/a/{sid}.yaml", **extra}


def _write(path, results):
    path.write_text(json.dumps({"engine": "e", "results": results, "summary": {}}))
    return path


def test_volatile_fields_are_ignored_and_real_changes_found(tmp_path):
    before = {"a": _result("a"), "b": _result("b", "failed", "x"), "gone": _result("gone")}
    after = {"a": _result("a", duration=9.0, file="/elsewhere/a.yaml"), "b": _result("b", "failed", "y"), "new": _result("new")}
    found = {(d.scenario, d.field) for d in compare(before, after)}
    assert found == {("b", "detail"), ("gone", "presence"), ("new", "presence")}
    assert compare(before, after, fields=("outcome",)) == [d for d in compare(before, after) if d.field != "detail"]
    with pytest.raises(ValueError):
        compare(before, after, fields=("duration",))


def test_cli_exit_codes_and_output(tmp_path):
    a = _write(tmp_path / "a.json", [_result("s1"), _result("s2", "failed", "expect: life 20, observed 17")])
    b = _write(tmp_path / "b.json", [_result("s1", duration=3.0), _result("s2", "passed")])
    same = CliRunner().invoke(conform_diff, [str(a), str(a)])
    assert same.exit_code == 0 and "no differences" in same.output
    diff = CliRunner().invoke(conform_diff, [str(a), str(b)])
    assert diff.exit_code == 1
    assert "s2\n  outcome:\n    before: failed\n    after:  passed" in diff.output and "1 scenario(s) differ" in diff.output
    assert "s1" not in diff.output.replace("s1 ", "")
    as_json = CliRunner().invoke(conform_diff, [str(a), str(b), "--json", "--field", "outcome"])
    assert json.loads(as_json.output) == [{"scenario": "s2", "field": "outcome", "before": "failed", "after": "passed"}]


def test_bad_input_is_exit_2(tmp_path):
    good = _write(tmp_path / "good.json", [_result("s1")])
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text("[1, 2]")
    for name, message in (("bad.json", "not JSON"), ("other.json", "not a conform --json report"), ("missing.json", "cannot read")):
        result = CliRunner().invoke(conform_diff, [str(good), str(tmp_path / name)])
        assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    with pytest.raises(Exception, match="without a scenario ID"):
        load_report(_write(tmp_path / "noid.json", [{"outcome": "passed"}]))


def test_two_real_runs_agree(tmp_path_factory, tmp_path):
    sample = _sample_dir(tmp_path_factory.mktemp("corpus"), SAMPLE)
    reports = []
    for i in range(2):
        report = tmp_path / f"run{i}.json"
        result = CliRunner().invoke(conform, ["--scenarios", str(sample), "--json", str(report), "-q",
                                              "--results", str(tmp_path / f"results{i}.jsonl")], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        reports.append(report)
    assert CliRunner().invoke(conform_diff, [str(r) for r in reports]).exit_code == 0
