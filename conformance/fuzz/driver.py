"""A whole campaign: shards for a budget or a time, run inline, on local processes or on Dask; each
result written as it arrives; at the end the distinct findings (one per signature, the model's own
first) written as minimal scenarios and the campaign report built."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from .campaign import SHARD_SIZE, Job
from .parallel import run_dask, run_inline, run_local
from .store import ResultsFile, write_findings


@dataclass
class Options:
    engine: str
    budget: int | None = 200
    seconds: float | None = None
    seed: int = 0
    features: list[str] | None = None
    workers: int = 1
    dask: object | None = None  # a scheduler address or a dask Cluster
    results: Path = Path("fuzz-results.jsonl")
    findings: Path | None = Path("fuzz-findings")
    resume: bool = False
    shard_size: int = SHARD_SIZE
    timeout: float = 20.0
    max_steps: int = 8
    without: tuple[str, ...] = ()  # step verbs never generated (the engine has no move for them)


@dataclass
class Outcome:
    results: list[dict]
    distinct: list[dict]
    written: list[dict]
    seconds: float
    cluster: dict | None = None
    model_failures: list[dict] = field(default_factory=list)


def distinct_findings(results: list[dict]) -> list[dict]:
    """One finding per signature (the first with a minimal scenario), the model's own first."""
    by_sig: dict[str, dict] = {}
    counts: dict[str, int] = {}
    for r in sorted(results, key=lambda r: (r["shard"], r["index"])):
        for f in r.get("findings") or []:
            sig = f.get("signature") or f"{f['oracle']}|{','.join(sorted(f['rules']))}|{f['field']}"
            counts[sig] = counts.get(sig, 0) + 1
            if sig not in by_sig or ("minimal" in f and "minimal" not in by_sig[sig]):
                by_sig[sig] = {**f, "signature": sig, "scenario": r["key"]}
    out = [{**f, "count": counts[s]} for s, f in by_sig.items()]
    return sorted(out, key=lambda f: (not f["oracle"].startswith("model-"), f["oracle"], f["signature"]))


def run(opts: Options, progress=None) -> Outcome:
    identity = {"engine": opts.engine, "seed": opts.seed, "features": opts.features, "shard_size": opts.shard_size,
                "without": list(opts.without)}
    store = ResultsFile(opts.results, identity, opts.resume)
    done = store.done()
    results = list(store.kept)
    known = {f["signature"] for r in results for f in r.get("findings") or [] if "minimal" in f}
    start = time.time()
    deadline = start + opts.seconds if opts.seconds else None
    budget = opts.budget if opts.budget is not None else None
    shards = math.ceil(budget / opts.shard_size) if budget is not None else None

    def jobs():
        k = 0
        while shards is None or k < shards:
            size = opts.shard_size if budget is None else min(opts.shard_size, budget - k * opts.shard_size)
            if len(done.get(k, ())) < size:
                yield Job(opts.engine, opts.seed, k, size, opts.features, opts.max_steps, set(done.get(k, ())),
                          set(known), deadline, opts.timeout, tuple(opts.without))
            k += 1

    def on_result(result: dict) -> None:
        store.write(result)
        results.append(result)
        for f in result.get("findings") or []:
            if "minimal" in f:
                known.add(f["signature"])
        if progress:
            progress(result)

    def stop() -> bool:
        return deadline is not None and time.time() > deadline

    cluster = None
    try:
        if opts.dask is not None:
            cluster = run_dask(jobs(), opts.dask, on_result, stop)
        elif opts.workers > 1:
            run_local(jobs(), opts.workers, on_result, stop)
        else:
            run_inline(jobs(), on_result, stop)
    finally:
        store.close()
    distinct = distinct_findings(results)
    written = write_findings(opts.findings, distinct, opts.engine) if opts.findings is not None else []
    return Outcome(results, distinct, written, round(time.time() - start, 3), cluster)
