"""`mtgrules conform` on bad input (issue 23): invalid scenarios are reported and fail the run
with exit 2, whatever else passed; options are validated by click; an engine that never starts
still ends with a report."""

import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.conformance.runner_cli import conform
from test_runner_engines import _sample_dir

GOOD = "flashback-cast-normally-goes-to-graveyard"
MISSPELT = "flashback-countered-exiled"
BROKEN = Path(__file__).parent / "engines" / "broken_engine.py"


@pytest.fixture()
def folder(tmp_path):
    """Two flashback scenarios, one with a card misspelt, and a file `id: x` with `rules: 7`."""
    directory = _sample_dir(tmp_path, [GOOD, MISSPELT])
    misspelt = directory / "flashback" / f"{MISSPELT}.yaml"
    misspelt.write_text(misspelt.read_text().replace("Counterspell", "Counterspel"))
    (directory / "flashback" / "x.yaml").write_text("id: x\nrules: 7\n")
    return directory


def _conform(args, tmp_path):
    return CliRunner().invoke(conform, [*args, "--results", str(tmp_path / "results.jsonl")], catch_exceptions=False)


def test_invalid_scenarios_are_reported_and_fail_the_run(folder, tmp_path):
    report = tmp_path / "report.json"
    result = _conform(["--scenarios", str(folder), "--json", str(report), "-q"], tmp_path)
    assert result.exit_code == 2, result.output
    assert f"{MISSPELT}.yaml:" in result.stderr and "Counterspel" in result.stderr
    assert "x.yaml:2: rules: 7 is not of type 'array'" in result.stderr
    assert "the run fails" in result.stderr
    data = json.loads(report.read_text())
    assert [(r["scenario"], r["outcome"]) for r in data["results"]] == [(GOOD, "passed")]
    assert {Path(p["file"]).name for p in data["invalid"]} == {f"{MISSPELT}.yaml", "x.yaml"}


def test_only_invalid_scenarios_is_bad_input_not_no_selection(folder, tmp_path):
    (folder / "flashback" / f"{GOOD}.yaml").unlink()
    result = _conform(["--scenarios", str(folder), "-q"], tmp_path)
    assert result.exit_code == 2, result.output
    assert "no scenario selected" in result.stderr


@pytest.mark.parametrize("value", ["-1", "0", "nan-ish"])
def test_a_bad_timeout_is_a_usage_error(value, tmp_path):
    result = _conform(["--timeout", value], tmp_path)
    assert result.exit_code == 2
    assert "Invalid value for '--timeout'" in result.stderr


def test_an_engine_that_never_starts_still_ends_with_a_report(tmp_path, monkeypatch):
    monkeypatch.setenv("BROKEN_HELLO_EXIT", "1")
    directory = _sample_dir(tmp_path, [GOOD, MISSPELT])
    report = tmp_path / "report.json"
    engine = "process:" + shlex.join([sys.executable, str(BROKEN)])
    result = _conform(["--scenarios", str(directory), "--engine", engine, "--json", str(report), "-q"], tmp_path)
    assert result.exit_code == 1, result.output
    data = json.loads(report.read_text())
    assert {(r["scenario"], r["outcome"], r["error_kind"]) for r in data["results"]} == \
        {(GOOD, "error", "start"), (MISSPELT, "error", "start")}
    assert "total: 2 error" in result.output


def test_resume_refuses_another_engine_or_corpus(tmp_path, monkeypatch):
    directory = _sample_dir(tmp_path / "a", [GOOD, MISSPELT])
    first = _conform(["--scenarios", str(directory), "-q"], tmp_path)
    assert first.exit_code == 0, first.output
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "engines"))
    other = _conform(["--scenarios", str(directory), "--resume", "--engine", "wrong_engine:WrongEngine", "-q"], tmp_path)
    assert other.exit_code == 2, other.output
    assert "cannot resume" in other.stderr and "written for engine 'reference'" in other.stderr
    changed = directory / "flashback" / f"{GOOD}.yaml"
    changed.write_text(changed.read_text() + "\n# changed\n")
    corpus = _conform(["--scenarios", str(directory), "--resume", "-q"], tmp_path)
    assert corpus.exit_code == 2 and "written for corpus" in corpus.stderr, corpus.output
    same = _conform(["--scenarios", str(directory), "--resume", "-q"], tmp_path)  # still refused: nothing was overwritten
    assert same.exit_code == 2


@pytest.mark.parametrize("text, where", [
    ('{"results": [{"scenario": "a", "outcome": "failed"}, ["not", "a", "result"]]}', ": results[1]: not a result"),
    ('{"scenario": "a", "outcome": "failed"}\n{"scenario": "b", "outcome": \n', ":2: not JSON"),
    ('{"scenario": "a", "outcome": NaN}\n', ":1: not JSON: NaN is not JSON"),
    ('{"results": ' + "[" * 100_000 + "]" * 100_000 + "}", ":1: not JSON this reader accepts: nested too deeply"),
])
def test_a_malformed_baseline_is_bad_input(text, where, tmp_path):
    baseline = tmp_path / "baseline.json"
    baseline.write_text(text, encoding="utf-8")
    result = _conform(["--scenarios", str(_sample_dir(tmp_path, [GOOD])), "--baseline", str(baseline), "-q"], tmp_path)
    assert result.exit_code == 2, result.output
    assert f"{baseline}{where}" in result.stderr and "(--baseline)" in result.stderr


def test_a_baseline_of_scenario_ids_or_a_results_file_is_read(tmp_path):
    from mtgrules.conformance.results_file import load_baseline

    ids = tmp_path / "ids.txt"
    ids.write_text("# known failures\na  # flaky\n\nb\n", encoding="utf-8")
    assert load_baseline(ids) == {"a", "b"}
    results = tmp_path / "r.jsonl"
    results.write_text('{"header": {"engine": "reference"}}\n{"scenario": "a", "outcome": "error"}\n{"scenario": "b", "outcome": "passed"}\n')
    assert load_baseline(results) == {"a"}


def test_a_results_file_that_is_not_one_is_bad_input_for_resume(tmp_path):
    """A torn last line is a killed run's and is dropped; a bad line before it is bad input."""
    directory = _sample_dir(tmp_path, [GOOD])
    results = tmp_path / "results.jsonl"
    results.write_text('{"scenario": "a", "outcome": "passed", "rules": "not a list"}\n{"scenario": "b", "outc', encoding="utf-8")
    result = CliRunner().invoke(conform, ["--scenarios", str(directory), "--results", str(results), "--resume", "-q"])
    assert result.exit_code == 2, result.output
    assert f"{results}:1: not a result of mtgrules conform" in result.stderr and "(--resume)" in result.stderr
    assert "Traceback" not in result.output


def test_a_process_command_is_split_like_a_shell_and_run_without_one(tmp_path):
    """``process:COMMAND`` is split with shlex and run without a shell: ``;`` is an argument, not a second command."""
    from mtgrules.conformance.engine import EngineError, load_engine

    marker = tmp_path / "marker"
    engine = load_engine(f"process:{shlex.quote(sys.executable)} -c 'import sys' ; touch {shlex.quote(str(marker))}")
    assert engine.command == [sys.executable, "-c", "import sys", ";", "touch", str(marker)]
    engine.timeout = 60.0
    with pytest.raises(EngineError) as exited:  # python runs `import sys` with the rest as its arguments, and exits
        engine.start()
    assert exited.value.kind == "crash"
    assert not marker.exists()
