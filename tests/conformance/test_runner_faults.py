"""The fault matrix (issue 23): an engine that crashes, hangs, stops reading, replies garbage or the
wrong shape, is slow, sends a huge line or exits when greeted. Each run ends with a result for
every scenario: the faulty scenario ``error`` with its kind, all others as in a clean run."""

import sys
import threading
import time
from pathlib import Path

import pytest

from mtgrules.conformance import scenarios as corpus
from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.adapters.subprocess import ProcessEngine
from mtgrules.conformance.engine import EngineError
from mtgrules.conformance.runner import Run
from test_runner_engines import PASSING, _sample_dir

ENGINES = Path(__file__).parent / "engines"
BROKEN = [sys.executable, str(ENGINES / "broken_engine.py")]
SAMPLE = PASSING[:3]
FAULTY = SAMPLE[0]  # the middle one in corpus order (dyn, flashback-cast, flashback-countered): one before, one after
#: The shortest runner timeout of these tests: an idle machine starts the engine and plays a scenario in
#: well under a second. A loaded machine (load 15 on 2 cores) takes longer than this to start the engine
#: process, so the tests use the ``timeout`` fixture: scaled to what a clean run takes here and now.
TIMEOUT = 6.0
#: The timeout is this many times a clean run of one scenario measured just before (start, play, stop).
MARGIN = 4


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    loaded = corpus.load_corpus(_sample_dir(tmp_path_factory.mktemp("corpus"), SAMPLE))
    assert not loaded.problems, loaded.problems
    return loaded.scenarios, loaded.pool


@pytest.fixture(scope="module")
def warm(sample):
    """The sample played in this process once: the first in-process play imports the model and the trace
    checks (z3), which on a loaded machine takes longer than the hang tests' timeout."""
    scenarios, pool = sample
    assert {r["outcome"] for r in Run(ReferenceEngine, scenarios, pool, timeout=300).run()} == {"passed"}
    return sample


def _clean_run(scenarios, pool) -> tuple[dict, float]:
    """The scenarios on the broken engine with no fault, under no effective timeout: each one's outcome,
    and the seconds the whole run took (the engine's start with its hello, the scenarios, the stop):
    more than any one exchange the runner bounds."""
    begun = time.monotonic()
    results = Run(lambda: ProcessEngine(BROKEN), scenarios, pool, timeout=300.0).run()
    return {r["scenario"]: r["outcome"] for r in results}, time.monotonic() - begun


@pytest.fixture(scope="module")
def clean(sample):
    scenarios, pool = sample
    outcomes, _slowest = _clean_run(scenarios, pool)
    assert outcomes == {sid: "passed" for sid in SAMPLE}
    return outcomes


@pytest.fixture
def timeout(sample):
    """The runner's timeout for one test: ``MARGIN`` times a clean run of one scenario measured just
    before it (the machine's load changes during a run of the suite), at least ``TIMEOUT``. A clean
    exchange then ends well within it, and a hang is still detected only by the runner's deadline."""
    scenarios, pool = sample
    outcomes, seconds = _clean_run(scenarios[:1], pool)
    assert set(outcomes.values()) == {"passed"}, outcomes
    return max(TIMEOUT, MARGIN * seconds)


class PaddedEngine(ProcessEngine):
    """Every apply request carries 4 MB more than a pipe holds: a scenario with a large step."""

    def apply(self, step: dict) -> dict:
        self._stale = True
        reply = self.request("apply", step=step, padding="x" * (4 << 20))
        return {k: v for k, v in reply.items() if k not in ("seq", "type")}


FAULTS = {  # variable -> (engine class, expected error kind)
    "BROKEN_CRASH": (ProcessEngine, "crash"),
    "BROKEN_HANG": (ProcessEngine, "timeout"),
    "BROKEN_NOREAD": (PaddedEngine, "timeout"),
    "BROKEN_GARBAGE": (ProcessEngine, "garbage"),
    "BROKEN_SHAPE": (ProcessEngine, "protocol"),
    "BROKEN_SLOW": (ProcessEngine, "timeout"),
    "BROKEN_HUGE": (ProcessEngine, "garbage"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_fault_errors_its_scenario_only(fault, sample, clean, timeout, monkeypatch):
    scenarios, pool = sample
    cls, kind = FAULTS[fault]
    monkeypatch.setenv(fault, FAULTY)
    monkeypatch.setenv("BROKEN_SLOW_SECONDS", str(timeout + 4))
    begun = time.monotonic()
    run = Run(lambda: cls(BROKEN), scenarios, pool, timeout=timeout)
    results = {r["scenario"]: r for r in run.run()}
    assert time.monotonic() - begun < 3 * timeout + 30  # bounded: never a stall
    assert set(results) == set(SAMPLE)
    bad = results[FAULTY]
    assert bad["outcome"] == "error" and bad["error_kind"] == kind, bad
    assert bad.get("restarted") is True, bad
    assert {sid: r["outcome"] for sid, r in results.items() if sid != FAULTY} == {sid: clean[sid] for sid in SAMPLE if sid != FAULTY}


def test_a_non_reading_engine_is_hung_within_the_timeout(monkeypatch):
    """The write itself is bounded: 4 MB to an engine that answered hello and reads no more."""
    monkeypatch.setenv("BROKEN_NOREAD", "s")
    engine = ProcessEngine(BROKEN)
    engine.timeout = 60.0  # starting and the first setup load the model: slow on a loaded machine
    engine.start()
    try:  # answered (a setup reply, or an error reply should the engine refuse an empty game), then stdin is never read again
        answered = engine.request("setup", scenario="s", edition="2026-08-07", setup={"players": {}}, cards={}, references={})
        assert answered["type"] == "setup"
    except EngineError as refused:
        assert refused.kind == "error", refused
    engine.timeout = 1.0
    begun = time.monotonic()
    with pytest.raises(EngineError) as raised:
        engine.request("apply", step={"pass": "alice"}, padding="x" * (4 << 20))
    assert raised.value.kind == "timeout" and "did not read apply" in raised.value.message
    assert time.monotonic() - begun < 10
    assert engine.proc is None  # killed


def test_an_engine_that_exits_at_hello_errors_every_scenario(sample, timeout, monkeypatch):
    scenarios, pool = sample
    monkeypatch.setenv("BROKEN_HELLO_EXIT", "1")
    results = Run(lambda: ProcessEngine(BROKEN), scenarios, pool, timeout=timeout).run()
    assert [r["scenario"] for r in results] == [s.id for s in scenarios]
    assert {(r["outcome"], r["error_kind"]) for r in results} == {("error", "start")}
    assert "could not be started" in results[0]["detail"] and "exited" in results[0]["detail"]


class _Flaky(ReferenceEngine):
    """Crashes on FAULTY; every start after the first fails: a restart that does not work."""

    starts = 0

    def start(self):
        type(self).starts += 1
        if type(self).starts > 1:
            raise EngineError("cannot start again", kind="crash")
        return super().start()

    def setup(self, request):
        if request["scenario"] == FAULTY:
            raise RuntimeError("boom")
        return super().setup(request)


def test_a_failed_restart_still_reports_every_scenario(warm):
    scenarios, pool = warm
    _Flaky.starts = 0
    run = Run(_Flaky, scenarios, pool, timeout=120)
    results = {r["scenario"]: r for r in run.run()}
    assert [s.id for s in scenarios] == [SAMPLE[2], FAULTY, SAMPLE[1]]
    assert results[SAMPLE[2]]["outcome"] == "passed"
    assert results[FAULTY]["error_kind"] == "crash" and "engine raised RuntimeError in setup()" in results[FAULTY]["detail"]
    assert "cannot start again" in results[FAULTY]["restart_error"]
    after = results[SAMPLE[1]]
    assert after["outcome"] == "error" and after["error_kind"] == "start" and "could not be restarted" in after["detail"]


class _Misshapen(ReferenceEngine):
    """A snapshot whose objects are a list: not the snapshot schema's shape, and the runner's checks cannot read it."""

    def observe(self):
        return {**super().observe(), "objects": ["not", "a", "mapping"]}


def test_a_snapshot_of_the_wrong_shape_is_the_engines_protocol_error(warm):
    scenarios, pool = warm
    results = Run(_Misshapen, scenarios, pool, timeout=120).run()
    for r in results:
        assert r["outcome"] == "error" and r["error_kind"] == "protocol", r
        assert "snapshot is not valid against model/snapshot.schema.json: objects" in r["detail"], r["detail"]
        assert "the runner's checks raised" in r["context"]


def test_a_crash_of_the_runner_is_reported_as_the_runners(sample, monkeypatch):
    """The checks raise on a valid observation: the runner's defect, never blamed on the engine."""
    from mtgrules.conformance import runner

    def broken(engine, items, obs, tally, where):
        raise KeyError("a defect of the checks")

    monkeypatch.setattr(runner, "check_at", broken)
    scenarios, pool = sample
    results = Run(ReferenceEngine, scenarios, pool, timeout=120).run()
    for r in results:
        assert r["outcome"] == "error" and r["error_kind"] == "runner", r
        assert r["detail"].startswith("runner raised KeyError") and "not of the engine" in r["detail"]


class _Spinning(ReferenceEngine):
    """Loops for ever setting up FAULTY: an in-process hang."""

    def setup(self, request):
        while request["scenario"] == FAULTY:
            pass
        return super().setup(request)


def _workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "scenario worker"}


def test_an_in_process_hang_ends(warm, timeout):
    """The hung scenario's thread is cancelled, the next scenario runs on a fresh worker, and no
    worker thread outlives the run."""
    scenarios, pool = warm
    before = _workers()
    run = Run(_Spinning, scenarios, pool, timeout=timeout)
    results = {r["scenario"]: r for r in run.run()}
    assert [r for r in results] == [s.id for s in scenarios]
    assert results[FAULTY]["outcome"] == "error" and results[FAULTY]["error_kind"] == "timeout", results[FAULTY]
    assert "cancelled" in results[FAULTY]["context"] and results[FAULTY]["restarted"] is True
    assert results[SAMPLE[1]]["outcome"] == "passed" and results[SAMPLE[2]]["outcome"] == "passed"
    for t in _workers() - before:
        t.join(2.0)
    assert not _workers() - before


class _SpinningStart(ReferenceEngine):
    """Loops for ever when started: an in-process engine that never says hello."""

    def start(self):
        while True:
            pass


def test_an_in_process_hang_at_start_ends_with_a_report(warm):
    scenarios, pool = warm
    before = _workers()
    results = Run(_SpinningStart, scenarios, pool, timeout=1.0).run()
    assert [r["scenario"] for r in results] == [s.id for s in scenarios]
    assert {(r["outcome"], r["error_kind"]) for r in results} == {("error", "start")}
    assert "hung: no start result within 1 s" in results[0]["detail"]
    for t in _workers() - before:
        t.join(2.0)
    assert not _workers() - before
