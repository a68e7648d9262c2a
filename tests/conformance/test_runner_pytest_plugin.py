"""The corpus through pytest: `pytest --mtg-engine=ENGINE` (the plugin), also with -n 2 (issue 6)."""

import pytest

from test_runner_engines import _sample_dir

pytest_plugins = ["pytester"]

SAMPLE = ["flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "dyn-cast-nonpermanent-half-stack",
          "merge-counters-stay", "merge-commander-to-command-zone"]


@pytest.fixture(scope="module")
def sample_dir(tmp_path_factory):
    return _sample_dir(tmp_path_factory.mktemp("corpus"), SAMPLE)


def _args(sample_dir, *more):
    return ["--mtg-engine=reference", f"--mtg-scenarios={sample_dir}", *more]


def test_plugin_inert_without_the_option(pytester):
    pytester.makepyfile("def test_x():\n    pass\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)


def test_plugin_collects_and_runs_scenarios(pytester, sample_dir):
    junit = pytester.path / "junit.xml"
    result = pytester.runpytest_subprocess(*_args(sample_dir, f"--junitxml={junit}", "-rs"))
    result.assert_outcomes(passed=4, skipped=1)
    result.stdout.fnmatch_lines(["*engine lacks feature(s)*phasing*"])
    assert "flashback-countered-exiled" in junit.read_text()


def test_plugin_k_selection(pytester, sample_dir):
    result = pytester.runpytest_subprocess(*_args(sample_dir, "-k", "flashback.q5 or dynamic"))
    result.assert_outcomes(passed=2)


def test_plugin_with_xdist(pytester, sample_dir):
    result = pytester.runpytest_subprocess(*_args(sample_dir, "-n", "2", "-p", "xdist"))
    result.assert_outcomes(passed=4, skipped=1)


def test_plugin_baseline_marks_xfail(pytester, sample_dir):
    baseline = pytester.path / "baseline.txt"
    baseline.write_text("flashback-countered-exiled\n")
    result = pytester.runpytest_subprocess(*_args(sample_dir, f"--mtg-baseline={baseline}"))
    result.assert_outcomes(passed=3, skipped=1, xpassed=1)


def test_plugin_fails_an_invalid_scenario_file_and_runs_the_others(pytester, sample_dir, tmp_path):
    """Issue 23: a scenario file that does not validate is a failing item naming its problem, never dropped."""
    import shutil

    folder = tmp_path / "mixed"
    shutil.copytree(sample_dir, folder)
    bad = next(folder.rglob("flashback-countered-exiled.yaml"))
    bad.write_text(bad.read_text(encoding="utf-8").replace("rules:", "rules: 7\nold_rules:", 1), encoding="utf-8")
    result = pytester.runpytest_subprocess(*_args(folder, "-rf"))
    result.assert_outcomes(passed=3, skipped=1, failed=1)
    result.stdout.fnmatch_lines([f"*invalid/{bad.name}*", f"*{bad.name}:*rules*"])
