"""Generated scenarios per second (issue 19): on the reference model alone (generation with the model
judging every step, and the expected observation read from it; target at least 200/s per core), a
whole campaign against the in-process reference engine and against phase.rs (one process, findings
shrunk as they come), and a campaign on Dask with 2 workers against 1 worker (a LocalCluster of worker
processes on this machine).

Each figure is the median and range over interleaved rounds, after a warm-up round (the card pool, the
spec and the engines loaded). Prints figures; no assertions.

Run: python bench/fuzz.py [--rounds N] [--budget N] [--no-phase] [--no-dask]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path


def model_alone(n: int, seed: int) -> float:
    """Scenarios per CPU second of this process (one core: the machine's load does not count), generation on
    the reference model plus its expected observation; the wall-clock rate goes to ``WALL``."""
    from hypothesis import HealthCheck, Phase, given, seed as hseed, settings

    from mtgrules.conformance.adapters.reference.capabilities import FEATURES
    from mtgrules.conformance.fuzz.expected import model_expectations
    from mtgrules.conformance.fuzz.kits import usable_kits
    from mtgrules.conformance.fuzz.shrink import labels_of
    from mtgrules.conformance.fuzz.strategies import scenarios

    kits = usable_kits(list(FEATURES))
    count = [0]

    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @hseed(seed)
    @given(scenarios(kits))
    def body(gen):
        if gen.table is not None:
            model_expectations(gen.table, labels_of(gen.setup))
        count[0] += 1

    start, cpu = time.perf_counter(), time.process_time()
    body()
    WALL.append(count[0] / (time.perf_counter() - start))
    return count[0] / (time.process_time() - cpu)


#: The wall-clock rates of ``model_alone``'s rounds (printed beside its CPU rate).
WALL: list[float] = []


def campaign(engine: str, n: int, seed: int, dask=None) -> float:
    from mtgrules.conformance.fuzz.driver import Options, run

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        outcome = run(Options(engine=engine, budget=n, seed=seed, results=Path(tmp) / "r.jsonl", findings=None, dask=dask))
        return len(outcome.results) / (time.perf_counter() - start)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):8.1f}/s  (range {min(values):.1f}-{max(values):.1f}, {len(values)} rounds)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--budget", type=int, default=100, help="scenarios per round and measure")
    parser.add_argument("--no-phase", action="store_true")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    measures = {"reference model alone (generation + expected observation), per CPU s": lambda s: model_alone(args.budget, s),
                "campaign on the in-process reference engine, 1 process": lambda s: campaign("reference", args.budget, s)}
    if not args.no_phase:
        try:
            import phase  # noqa: F401 - phase-python
            measures["campaign on phase.rs, 1 process"] = lambda s: campaign("phase", args.budget, s)
        except ImportError:
            print("phase-python is not installed: no phase.rs figure", file=sys.stderr)
    clusters = {}
    if not args.no_dask:
        from dask.distributed import LocalCluster

        for workers in (1, 2):
            clusters[workers] = LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None)
            measures[f"campaign on Dask, {workers} worker(s), reference engine"] = (
                lambda s, c=clusters[workers]: campaign("reference", args.budget, s, dask=c))
    try:
        for fn in measures.values():  # warm-up round (pools, spec, engines, Dask workers' imports)
            fn(10_000)
        figures: dict[str, list[float]] = {name: [] for name in measures}
        WALL.clear()
        for r in range(args.rounds):
            for name, fn in measures.items():  # interleaved: every measure sees the same load
                figures[name].append(fn(r))
        for name, values in figures.items():
            print(f"{name:70s} {spread(values)}")
        print(f"{'reference model alone, wall clock (the machine shared)':70s} {spread(WALL)}")
        if len(clusters) == 2:
            one = statistics.median(figures["campaign on Dask, 1 worker(s), reference engine"])
            two = statistics.median(figures["campaign on Dask, 2 worker(s), reference engine"])
            print(f"{'Dask 2 workers / 1 worker':70s} {two / one:8.2f}x")
        alone = statistics.median(figures[next(iter(figures))])
        print(f"{'target: reference model alone >= 200/s per core':70s} {'met' if alone >= 200 else 'NOT met'} ({alone:.1f}/s)")
    finally:
        for c in clusters.values():
            c.close()


if __name__ == "__main__":
    main()
