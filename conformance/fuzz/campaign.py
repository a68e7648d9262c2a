"""A campaign's unit of work: one shard of generated scenarios played on one engine.

A campaign of seed S is split into shards of ``SHARD_SIZE`` scenarios; shard k is Hypothesis's
generation under seed (S, k) (each game's choices from a Random seeded by (S, k) and one draw), so
the same shard gives the same scenarios wherever it runs (a local worker process, a Dask worker, a
resumed run). Each scenario's result is handed to ``emit`` as soon
as it is known. A worker keeps one engine per engine name for all the shards it runs.
"""

from __future__ import annotations

import hashlib
import json
import time
import warnings
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import HealthCheck, Phase, given, seed as hypothesis_seed, settings

from mtgrules.conformance.runner import Run

from .expected import model_expectations
from .kits import usable_kits
from .oracles import document, findings, model_failures, same_failure, scenario, signature
from .shrink import labels_of, shrink
from .strategies import scenarios, setup_cards

SHARD_SIZE = 25

#: Seconds an engine's start may take (python-mtg compiles its rules at start: 15-20 s on a loaded
#: machine); a scenario is bounded by the campaign's --timeout.
START_TIMEOUT = 180.0


@dataclass
class Job:
    """One shard: ``shard`` of the campaign ``seed`` on ``engine``; indices in ``done`` are not
    played again (a resumed campaign), signatures in ``known`` are not shrunk again."""

    engine: str
    seed: int
    shard: int
    size: int = SHARD_SIZE
    features: list[str] | None = None
    max_steps: int = 8
    done: set[int] = field(default_factory=set)
    known: set[str] = field(default_factory=set)
    deadline: float | None = None  # time.time() after which no new scenario is started
    timeout: float = 20.0
    without: tuple[str, ...] = ()  # step verbs never generated (the engine's move space lacks them)


def shard_seed(seed: int, shard: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{shard}".encode()).digest()[:8], "big")


def key(seed: int, shard: int, index: int) -> str:
    return f"{seed}-{shard}-{index}"


# ---------------------------------------------------------------------------- one worker's engines

_WORKER: dict = {}
#: Per worker and campaign (engine, seed): the signatures already shrunk (or tried) here, and the
#: engine's results of the scenarios already played here (a generated scenario met again, same setup
#: and steps, is not played again: an engine is a deterministic function of setup and steps).
_SHRUNK: dict[tuple, set[str]] = {}
_PLAYED: dict[tuple, dict[str, dict]] = {}
#: Played scenarios a worker remembers per campaign at most.
PLAYED_LIMIT = 20000


def _runner(engine_spec: str, timeout: float):
    """The worker's runner for ``engine_spec`` (the corpus runner's Run: timeouts, restarts, guards)."""
    from mtgrules.conformance.engine import load_engine

    run = _WORKER.get(engine_spec)
    if run is None:
        run = _WORKER[engine_spec] = _CampaignRun(lambda: load_engine(engine_spec), [], _pool(), timeout=timeout)
    if run.engine is None or run.hello is None:
        run._start()
    return run


class _CampaignRun(Run):
    """The corpus runner's Run, its engine's start (and restart) bounded by ``START_TIMEOUT``."""

    def _start(self, fresh: bool = False) -> None:
        bound, self.timeout = self.timeout, max(self.timeout or 0.0, START_TIMEOUT)
        try:
            super()._start(fresh)
        finally:
            self.timeout = bound
            if self.engine is not None and bound is not None:
                self.engine.timeout = bound


def _pool():
    from .kits import pool

    return pool()


def stop_engines() -> None:
    for name, run in list(_WORKER.items()):
        if run.engine is not None:
            try:
                run.engine.stop()
            except Exception:  # noqa: BLE001 - stopping is best effort
                pass
        _WORKER.pop(name, None)


def common_features(hello: dict) -> list[str]:
    """Features both the engine (its handshake) and the reference model declare."""
    from mtgrules.conformance.adapters.reference.capabilities import FEATURES

    return [f for f in hello.get("features") or [] if f in FEATURES]


# ---------------------------------------------------------------------------- one scenario


def evaluate(gen, sid: str, run, pool, known: set[str], played: dict[str, dict] | None = None) -> dict:
    """The result of one generated scenario: its document, the model's failures, the oracles'
    findings on the engine, each new signature shrunk to a minimal scenario. ``played`` (setup and
    steps -> the engine's result and the scenario's key) spares a scenario generated again its game
    on the engine; its result says ``same_as`` the first."""
    start = time.perf_counter()
    kit_of = gen.kit_of
    out = {"key": sid, "scenario": sid, "outcome": "error", "kits": gen.kits, "steps": len(gen.steps)}
    if gen.model_error:
        doc = document(sid, gen.setup, gen.steps, [], kits=gen.kits, features=gen.features, cards=gen.cards)
        return out | {"status": "model-failure", "doc": doc, "findings": [
            {"oracle": "model-crash", "field": "crash", "rules": doc["rules"], "detail": gen.model_error}],
            "duration": round(time.perf_counter() - start, 6)}
    expect = model_expectations(gen.table, labels_of(gen.setup))
    doc = document(sid, gen.setup, gen.steps, expect, kits=gen.kits, features=gen.features, cards=gen.cards)
    own = model_failures(gen.table, doc, pool)
    if own:
        return out | {"status": "model-failure", "doc": doc, "findings": own, "duration": round(time.perf_counter() - start, 6)}
    same = _played_key(gen)
    if played is not None and same in played:
        result, out["same_as"] = played[same]
    else:
        result = _played(run, doc)
        if result.get("replayed"):
            out["replayed"] = result["replayed"]
        settled = result["outcome"] != "error" or result.get("error_kind") in ("refused", "unsupported")
        if played is not None and settled and len(played) < PLAYED_LIMIT:  # an engine failure may not recur
            played[same] = (result, sid)
    found = findings(result, doc, kit_of)
    out["outcome"] = result["outcome"]
    if result["outcome"] == "error" and result.get("error_kind") == "unsupported":
        out["status"], out["detail"] = "unsupported", result["detail"]
    elif result["outcome"] == "skipped":
        out["status"], out["detail"] = "skipped", result["detail"]
    else:
        out["status"] = "finding" if found else "clean"
    for f in found:
        f["signature"] = signature(f)
    out["findings"] = found
    if found:
        out["doc"] = doc
        for f in found:
            if f["signature"] in known:
                continue
            known.add(f["signature"])
            minimal = minimise(doc, gen, f, run, pool, kit_of)
            if minimal is not None:
                f["minimal"] = minimal
    out["duration"] = round(time.perf_counter() - start, 6)
    return out


#: A scenario that times out is replayed once with this many times the campaign's --timeout before it is
#: a finding: on a loaded machine (the other workers, other jobs) a slow engine is not a hung one.
REPLAY_FACTOR = 3


def _played(run, doc: dict) -> dict:
    """The engine's result of ``doc``; a timeout replayed once on a fresh engine with a longer bound (the
    runner restarted it), kept as the result only when it times out again."""
    result = run.run_one(scenario(doc))
    if result.get("error_kind") != "timeout" or not run.timeout:
        return result
    bound, run.timeout = run.timeout, run.timeout * REPLAY_FACTOR
    try:
        again = run.run_one(scenario(doc))
    finally:
        run.timeout = bound
        if run.engine is not None:
            run.engine.timeout = bound
    if again.get("error_kind") == "timeout":
        return again
    return {**again, "replayed": f"timed out at {bound:g} s ({result['detail']}); replayed within {bound * REPLAY_FACTOR:g} s"}


def _played_key(gen) -> str:
    return json.dumps([gen.setup, gen.steps], sort_keys=True, default=str)


def minimise(doc: dict, gen, finding: dict, run, pool, kit_of: dict[str, str]) -> dict | None:
    """The finding's minimal scenario document: it validates, passes on the reference model and still
    shows the same failure on the engine (``oracles.same_failure``; expectations narrowed to those that
    fail there)."""
    from mtgrules.conformance.adapters.reference import ReferenceEngine
    from mtgrules.conformance.engine import normalise_handshake
    from mtgrules.conformance.runner import play

    def on_engine(setup, steps, expect):
        d = document(doc["id"], setup, steps, expect, kits=_kits(setup, gen), features=gen.features,
                     cards=setup_cards(setup))
        result = run.run_one(scenario(d))
        return result, findings(result, d, kit_of)

    sig = finding["signature"]

    def fails(setup, steps, expect) -> bool:
        return any(same_failure(finding, f) for f in on_engine(setup, steps, expect)[1])

    shrunk = shrink(gen.setup, gen.steps, pool, gen.features, fails)
    if shrunk is None:
        return None
    setup, steps, expect = shrunk
    result, found = on_engine(setup, steps, expect)
    failing = [e for e in expect if any(_about(f["detail"], e) for f in found if signature(f) == sig)]
    kept = failing or expect[:1]
    minimal = document(f"fuzz-{doc['id']}", setup, steps, kept, kits=_kits(setup, gen), features=gen.features,
                       cards=setup_cards(setup), title=f"Generated and shrunk: {sig}")
    reference = ReferenceEngine()
    ref_result = play(reference, normalise_handshake(reference.start()), scenario(minimal), pool)
    again = findings(run.run_one(scenario(minimal)), minimal, kit_of)
    return {"doc": minimal, "reference": ref_result["outcome"], "engine_fails": any(same_failure(finding, f) for f in again),
            "steps": len(steps)}


def _about(detail: str, exp: dict) -> bool:
    if "object" in exp:
        return f"object {exp['object']}:" in detail
    return "player" in exp and f"player {exp['player']}:" in detail


def _kits(setup: dict, gen) -> list[str]:
    present = {gen.kit_of.get(label) for label in labels_of(setup)}
    return [k for k in gen.kits if k in present] or list(gen.kits)


# ---------------------------------------------------------------------------- one shard


def run_shard(job: Job, emit: Callable[[dict], None]) -> int:
    """Play one shard, handing each scenario's result to ``emit``; returns how many were generated."""
    run = _runner(job.engine, job.timeout)
    pool = _pool()
    kits = usable_kits(common_features(run.hello), job.features)
    if not kits:
        raise ValueError(f"no kit fits the engine's features {sorted(run.hello.get('features') or [])}"
                         + (f" and --features {job.features}" if job.features else ""))
    campaign = (job.engine, job.seed, tuple(job.features or ()), job.without)
    known = _SHRUNK.setdefault(campaign, set())
    known |= job.known
    played = _PLAYED.setdefault(campaign, {})
    index = [0]
    made = [0]

    @settings(max_examples=job.size, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False, print_blob=False)
    @hypothesis_seed(shard_seed(job.seed, job.shard))
    @given(scenarios(kits, max_steps=job.max_steps, without=job.without, salt=shard_seed(job.seed, job.shard)))
    def body(gen):
        i = index[0]
        index[0] += 1
        if i >= job.size or i in job.done or (job.deadline is not None and time.time() > job.deadline):
            return
        made[0] += 1
        result = evaluate(gen, key(job.seed, job.shard, i), run, pool, known, played)
        result.update({"shard": job.shard, "index": i, "seed": job.seed, "engine": job.engine, "at": round(time.time(), 3)})
        emit(result)

    with warnings.catch_warnings():
        # Other threads of a Dask client or worker use the `random` module, which Hypothesis reports as
        # if a strategy had; the strategies here use their own Random, seeded by a Hypothesis draw.
        warnings.filterwarnings("ignore", message=".*random.*module inside strategies")
        body()
    return made[0]
