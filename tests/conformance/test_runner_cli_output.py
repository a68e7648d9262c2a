"""`mtgrules conform` as its users read it (issue 14): no scenario selected is exit 5, the results
file goes to the cache folder, rules with failures, features all skipped left out, failures in
words with the events one per line, and the same first failure through the pytest plugin."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.conformance.expectations import event_line, words
from mtgrules.conformance.failures import failure_lines
from mtgrules.conformance.runner_cli import NO_SCENARIOS, conform
from mtgrules.conformance.results_file import read_results
from test_runner_engines import LACKING, SKIPPED, _sample_dir

pytest_plugins = ["pytester"]

ENGINES = Path(__file__).parent / "engines"
SAMPLE = ["flashback-countered-exiled", "merge-counters-stay", SKIPPED]


@pytest.fixture(scope="module")
def sample_dir(tmp_path_factory):
    return _sample_dir(tmp_path_factory.mktemp("corpus"), SAMPLE)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(folder))
    return folder


def _conform(*args):
    return CliRunner().invoke(conform, list(args), catch_exceptions=False)


def test_no_scenario_selected_is_its_own_exit_code(sample_dir, tmp_path, cache):
    nothing = _conform("--scenarios", str(sample_dir), "-k", "nosuchthing")
    assert nothing.exit_code == NO_SCENARIOS == 5
    assert "no scenario selected: -k 'nosuchthing' matches none of the 3 scenario(s)" in nothing.output
    assert "total" not in nothing.output and not list(cache.glob("conform-*.jsonl"))  # no results file (the parse caches may be there)
    empty = tmp_path / "empty"
    empty.mkdir()
    none = _conform("--scenarios", str(empty))
    assert none.exit_code == 5 and "no valid scenario in" in none.output
    assert "5  no scenario selected" in _conform("--help").output


def test_results_file_goes_to_the_cache_folder(sample_dir, tmp_path, cache, monkeypatch):
    work = tmp_path / "elsewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    result = _conform("--scenarios", str(sample_dir), "-k", "merge-counters", "-q")
    assert result.exit_code == 0, result.output
    assert list(work.iterdir()) == []
    written = cache / "conform-reference.jsonl"
    assert [r["scenario"] for r in read_results(written)] == ["merge-counters-stay"]
    monkeypatch.delenv("MTGRULES_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert _conform("--scenarios", str(sample_dir), "-k", "merge-counters", "-q").exit_code == 0
    assert (tmp_path / "xdg" / "mtgrules" / "conform-reference.jsonl").exists()


def test_help_lists_every_shipped_engine():
    from mtgrules.conformance.engine import shipped_engines

    text = " ".join(_conform("--help").output.split())
    assert set(shipped_engines()) == {"reference", "reference-process", "phase", "pymtg"}
    for name in shipped_engines():
        assert f"'{name}'" in text


def test_console_tables_and_failures_in_words(sample_dir, cache, monkeypatch):
    monkeypatch.syspath_prepend(str(ENGINES))
    result = _conform("--scenarios", str(sample_dir), "--engine", "lossy_engine:LossyEngine")
    out = result.output
    assert result.exit_code == 1, out
    features = out[out.index("Per feature"):out.index("Rules with failures")]
    assert LACKING not in features and "flashback" in features  # the skipped scenario's own feature is its only one
    assert "feature(s) left out: all their scenarios skipped" in out
    rules = out[out.index("Rules with failures"):out.index("FAILED")]
    assert "flashback.a" in rules and "702.34a" in rules and "merging" not in rules
    failure = out[out.index("FAILED flashback-countered-exiled"):]
    assert "{'" not in failure and "['" not in failure
    assert "expected at least one, observed none; 4 zone_change event(s), 2 of Firebolt\n" in failure
    assert "\n      event 17: zone_change: object o1, card Firebolt, new_objects o3, from stack, to graveyard" in failure


def test_values_and_events_in_words():
    assert words({"+1/+1": 4}) == "+1/+1: 4" and words({}) == "none" and words(None) == "none"
    assert words(["R", "G"]) == "R, G" and words(True) == "yes"
    assert words({"kind": "spell", "source": "Isochron Scepter"}) == "kind spell, source Isochron Scepter"
    assert event_line({"seq": 3, "type": "life", "player": "bob", "amount": -3, "replacements": []}) == "event 3: life: player bob, amount -3"
    result = {"outcome": "failed", "detail": "x", "failures": ["a\n    event 1: cast", "b", "c", "d"]}
    assert failure_lines(result, shown=2) == ["  a", "      event 1: cast", "  b", "  ... 2 more (in the JSON report)"]


def test_conform_and_the_plugin_report_the_same_first_failure(sample_dir, cache, monkeypatch, pytester):
    monkeypatch.syspath_prepend(str(ENGINES))
    out = _conform("--scenarios", str(sample_dir), "--engine", "lossy_engine:LossyEngine", "-k", "flashback").output
    block = out[out.index("FAILED flashback-countered-exiled"):out.index("total:")].splitlines()
    assert len(block) > 3 and block[1].startswith("  expect: a zone_change event")
    monkeypatch.setenv("PYTHONPATH", str(ENGINES))
    plugin = pytester.runpytest_subprocess("--mtg-engine=lossy_engine:LossyEngine", f"--mtg-scenarios={sample_dir}", "-k", "flashback")
    plugin.assert_outcomes(failed=1)
    shown = plugin.stdout.lines
    start = shown.index(block[1])
    assert shown[start:start + len(block) - 1] == block[1:]


def test_the_plugin_selecting_nothing_is_exit_5(sample_dir, pytester):
    result = pytester.runpytest_subprocess("--mtg-engine=reference", f"--mtg-scenarios={sample_dir}", "-k", "nosuchthing")
    assert result.ret == 5
