"""`mtgrules verify` runs its checks in worker processes (mtgrules/verify.py ``run_checks``): the
costliest are sent first, the results come in the order of the checks whatever order they end
in, and a check whose worker dies, or that cannot be sent, is a failed check, never a crash of
verify. The checks here are module-level functions, as a worker needs (it imports them by name)."""

import os
import time

import pytest
from click.testing import CliRunner

import mtgrules.cli as cli
import mtgrules.verify as verify
from mtgrules.verify import CheckResult, costs, labelled, run_checks


@labelled("cheap")
def check_cheap():
    return CheckResult("cheap", True, "ran")


@costs(10)
@labelled("costly")
def check_costly():
    time.sleep(0.5)  # still running when the cheap ones end: they are shown after it all the same
    return CheckResult("costly", True, "ran")


@costs(5)
@labelled("failing")
def check_failing():
    return CheckResult("failing", False, "1 problem", ["x.yaml:1: f: wrong"])


@labelled("dies")
def check_dies():
    os._exit(3)  # the worker process ends (as when it is killed or runs out of memory)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))  # the workers inherit it


def test_results_come_in_the_order_of_the_checks_and_the_costliest_start_first(cache):
    todo = [check_cheap, check_failing, check_costly]
    running = []
    results = list(run_checks(todo, jobs=2, running=running.append))
    assert [(r.name, r.ok, r.summary) for r in results] == [("cheap", True, "ran"), ("failing", False, "1 problem"), ("costly", True, "ran")]
    assert running[0] == ["failing", "costly"]  # the two costliest sent first, named in the order of the checks
    assert running[1][0] == "cheap"  # the cheap one waited for a free worker


def test_a_worker_that_dies_fails_its_check_and_verify_goes_on(cache):
    results = list(run_checks([check_cheap, check_dies], jobs=2))
    assert [r.name for r in results] == ["cheap", "dies"]
    assert not results[1].ok and "worker process" in results[1].summary


def test_a_check_that_cannot_be_sent_to_a_worker_is_a_failed_check(cache):
    def check_local():  # not module-level: a worker could not import it
        return CheckResult("local", True, "ran")

    (result,) = run_checks([check_local], jobs=2)
    assert not result.ok and result.summary.startswith("crashed:")


def test_verify_in_workers_prints_every_result_in_order(cache, monkeypatch):
    monkeypatch.setattr(verify, "checks", lambda: [check_costly, check_failing, check_cheap])
    result = CliRunner().invoke(cli.main, ["verify", "-j", "2"])
    assert result.exit_code == 1
    out = result.output
    assert out.index("PASS costly") < out.index("FAIL failing: 1 problem") < out.index("PASS cheap") < out.index("2 of 3 checks passed: FAILED")
    assert CliRunner().invoke(cli.main, ["verify", "-j", "0"]).exit_code == 2
