"""`mtgrules conform`: JSON report, JUnit, -k, baseline, kill and resume (issue 6)."""

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.conformance.results_file import read_results
from mtgrules.conformance.runner_cli import conform
from test_runner_engines import _sample_dir

SAMPLE = ["flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "dyn-cast-nonpermanent-half-stack",
          "dfc2016-back-face-characteristics", "merge-counters-stay", "ds-unblocked-deals-damage-twice"]


@pytest.fixture(scope="module")
def sample_dir(tmp_path_factory):
    return _sample_dir(tmp_path_factory.mktemp("corpus"), SAMPLE)


def _conform(args, tmp_path):
    return CliRunner().invoke(conform, [*args, "--results", str(tmp_path / "results.jsonl")], catch_exceptions=False)


def test_json_junit_and_k(sample_dir, tmp_path):
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    result = _conform(["--scenarios", str(sample_dir), "--json", str(report), "--junit", str(junit), "-k", "flashback or dyn"], tmp_path)
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["engine"] == "mtgrules reference model"
    ids = {r["scenario"] for r in data["results"]}
    assert ids == {"flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "dyn-cast-nonpermanent-half-stack"}
    for r in data["results"]:
        assert {"scenario", "outcome", "rules", "detail"} <= set(r) and r["outcome"] == "passed"
    assert data["summary"]["sections"]["flashback"] == {"passed": 2}
    cases = ET.parse(junit).getroot().findall(".//testcase")
    assert sorted(c.get("name") for c in cases) == sorted(ids)
    assert "Per section" in result.output and "Per feature" in result.output


def test_k_not(sample_dir, tmp_path):
    report = tmp_path / "report.json"
    result = _conform(["--scenarios", str(sample_dir), "--json", str(report), "-k", "not flashback and not combat", "-q"], tmp_path)
    assert result.exit_code == 0, result.output
    ids = {r["scenario"] for r in json.loads(report.read_text())["results"]}
    assert ids == {"dyn-cast-nonpermanent-half-stack", "dfc2016-back-face-characteristics", "merge-counters-stay"}


def test_baseline_only_changes_count(sample_dir, tmp_path, monkeypatch):
    baseline = tmp_path / "baseline.txt"
    # a known failure that now passes, and nothing newly failing: exit 0, reported as newly passing
    baseline.write_text("flashback-countered-exiled  # was failing\n")
    report = tmp_path / "report.json"
    result = _conform(["--scenarios", str(sample_dir), "--baseline", str(baseline), "--json", str(report)], tmp_path)
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["baseline"] == {"newly_failing": [], "newly_passing": ["flashback-countered-exiled"]}
    assert "newly passing: flashback-countered-exiled" in result.output
    strict = _conform(["--scenarios", str(sample_dir), "--baseline", str(baseline), "--strict-baseline", "-q"], tmp_path)
    assert strict.exit_code == 1
    # a newly failing scenario makes the exit code 1: an engine that lacks nothing but breaks a flashback scenario
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "engines"))
    bad = _conform(["--scenarios", str(sample_dir), "--engine", "wrong_engine:WrongEngine",
                    "--baseline", str(baseline), "--json", str(report), "-q"], tmp_path)
    data = json.loads(report.read_text())
    assert bad.exit_code == 1, bad.output
    assert "flashback-cast-normally-goes-to-graveyard" in data["baseline"]["newly_failing"]


def test_killed_run_resumes_with_every_result_once(sample_dir, tmp_path):
    results = tmp_path / "results.jsonl"
    # a real kill: the CLI through the slow broken engine process, killed once two results are written
    env = dict(os.environ, BROKEN_HANG="flashback-cast-normally-goes-to-graveyard")  # the 4th in corpus order
    cmd = [sys.executable, "-c", "from mtgrules.conformance.runner_cli import conform; conform()", "--scenarios", str(sample_dir), "--results", str(results), "-q",
           "--timeout", "30", "--engine", f"process:{sys.executable} {Path(__file__).parent / 'engines' / 'broken_engine.py'}"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(read_results(results)) < 2:
            time.sleep(0.1)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    done = read_results(results)
    assert 2 <= len(done) < len(SAMPLE)
    with results.open("a") as f:  # a torn last line, as if killed while writing
        f.write('{"scenario": "merge-counters-st')
    engine = f"process:{sys.executable} {Path(__file__).parent / 'engines' / 'broken_engine.py'}"  # the same engine, now without the hang
    result = CliRunner().invoke(conform, ["--scenarios", str(sample_dir), "--results", str(results), "--resume", "-q", "--engine", engine],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    ids = [r["scenario"] for r in read_results(results)]
    assert sorted(ids) == sorted(SAMPLE) and len(ids) == len(set(ids))


def test_killed_at_random_points_resumes_to_the_same_totals(sample_dir, tmp_path):
    """kill -9 a real run at five random points (seeded, printed), resume each time: the totals
    equal an uninterrupted run's, and every scenario is in the results file once."""
    import random

    clean = _conform(["--scenarios", str(sample_dir), "-q"], tmp_path)
    assert clean.exit_code == 0, clean.output
    totals = clean.output.strip().splitlines()[-1]
    results = tmp_path / "killed.jsonl"
    cmd = [sys.executable, "-c", "from mtgrules.conformance.runner_cli import conform; conform()", "--scenarios", str(sample_dir),
           "--results", str(results), "-q", "--resume"]
    points = [round(p, 2) for p in random.Random(23).sample([x / 10 for x in range(5, 80)], 5)]
    print("kill points (s):", points)
    for point in points:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(point)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    ids = [r["scenario"] for r in read_results(results)]
    print(f"after the kills: {len(ids)} of {len(SAMPLE)} results kept")
    assert len(ids) == len(set(ids))
    resumed = CliRunner().invoke(conform, ["--scenarios", str(sample_dir), "--results", str(results), "--resume", "-q"], catch_exceptions=False)
    assert resumed.exit_code == 0, resumed.output
    assert resumed.output.strip().splitlines()[-1] == totals
    ids = [r["scenario"] for r in read_results(results)]
    assert sorted(ids) == sorted(SAMPLE) and len(ids) == len(set(ids))
