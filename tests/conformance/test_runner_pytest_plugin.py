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



HYPOTHESIS_SEEN = """
import sys

import pytest


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    with open("hypothesis-seen.txt", "a", encoding="utf-8") as out:
        out.write(f"{'hypothesis' in sys.modules}\\n")
"""

#: As Hypothesis's plugin marks the report of a test that used Hypothesis (here every report; registered as
#: a plugin, since a conftest's hooks do not apply to the scenario items, outside its folder).
HYPOTHESIS_KEY = """

class MarkReports:
    def pytest_runtest_logreport(self, report):
        report._hypothesis_stats = "statistics"


def pytest_configure(config):
    config.pluginmanager.register(MarkReports())
"""

XDIST = ["-n", "2", "-p", "xdist"]


@pytest.mark.parametrize("more", [[], XDIST], ids=["serial", "xdist"])
@pytest.mark.parametrize("marked", [False, True], ids=["unused", "used"])
def test_plugin_spares_a_run_without_hypothesis_its_import(pytester, sample_dir, more, marked):
    """Issue 15: Hypothesis's pytest plugin imports Hypothesis (0.1 s) in its terminal summary; a corpus run
    that never used it does not pay that, in any process (serial, each worker, the controller). A report
    of a test that used it (here marked so in every process) keeps the summary, and so the import."""
    pytester.makeconftest(HYPOTHESIS_SEEN + (HYPOTHESIS_KEY if marked else ""))
    result = pytester.runpytest_subprocess(*_args(sample_dir, *more))
    result.assert_outcomes(passed=4, skipped=1)
    seen = (pytester.path / "hypothesis-seen.txt").read_text(encoding="utf-8").split()
    assert seen == [str(marked)] * (3 if more else 1)


@pytest.mark.parametrize("more", [[], XDIST], ids=["serial", "xdist"])
def test_plugin_keeps_hypothesis_statistics(pytester, sample_dir, more):
    """A Hypothesis test beside the corpus still gets its statistics when asked (in the controller, which
    never imported Hypothesis, from a worker's report)."""
    pytester.makepyfile(test_prop="""
from hypothesis import given, strategies as st


@given(st.integers())
def test_any(n):
    assert isinstance(n, int)
""")
    result = pytester.runpytest_subprocess(*_args(sample_dir, "--hypothesis-show-statistics", *more))
    result.assert_outcomes(passed=5, skipped=1)
    result.stdout.fnmatch_lines(["*Hypothesis Statistics*", "*test_any*"])
