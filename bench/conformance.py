"""Conformance runner benchmark: the reference model in-process and through the JSON-lines protocol
(the example engine process), and the protocol's overhead per message, measured from interleaved runs:
each scenario is played on both engines in turn (alternating which goes first), after a warm-up round,
so the overhead of a message is the paired difference of the two times of the same scenario divided by
its messages, not the difference of two separate totals. Targets (issue 6): median under 10 ms per
scenario in-process; under 1 ms of protocol overhead per message.

    python bench/conformance.py [-k PATTERN] [--rounds N]   (prints figures; no assertions)
"""

import argparse
import statistics
import time

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.keywords import select
from mtgrules.conformance.runner import Run, load_scenarios, play


def started(spec, scenarios, pool) -> Run:
    run = Run(lambda: load_engine(spec), scenarios, pool)
    run._start()
    return run


def timed(run: Run, scenario) -> tuple[float, int, str]:
    """(seconds, protocol messages, outcome) of one scenario, played by the runner's ``play`` on the
    calling thread for both engines (``Run.run_one`` would add its worker thread for the in-process
    engine only, which is not the protocol's cost; bench/model_bench.py times ``run_one``)."""
    sent = getattr(run.engine, "messages", 0)
    start = time.perf_counter()
    outcome = play(run.engine, run.hello, scenario, run.pool)["outcome"]
    return time.perf_counter() - start, getattr(run.engine, "messages", 0) - sent, outcome


def spread(values, scale=1000.0) -> str:
    values = [v * scale for v in values]
    return f"median {statistics.median(values):7.3f} ms (range {min(values):.3f}-{max(values):.3f})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", default=None)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    scenarios, pool = load_scenarios()
    scenarios = select(scenarios, args.k)
    runs = {"in-process": started("reference", scenarios, pool), "process": started("reference-process", scenarios, pool)}
    for scenario in scenarios:  # warm-up
        for run in runs.values():
            timed(run, scenario)
    times = {name: [] for name in runs}
    per_message, per_round = [], []
    for r in range(args.rounds):
        paired, messages = 0.0, 0
        for i, scenario in enumerate(scenarios):
            order = list(runs) if (i + r) % 2 == 0 else list(runs)[::-1]
            got = {name: timed(runs[name], scenario) for name in order}
            if got["in-process"][2] == "skipped":
                continue
            for name in runs:
                times[name].append(got[name][0])
            if got["process"][1]:
                per_message.append((got["process"][0] - got["in-process"][0]) / got["process"][1])
                paired += got["process"][0] - got["in-process"][0]
                messages += got["process"][1]
        per_round.append(paired / max(messages, 1))
    for run in runs.values():
        run.engine.stop()
    played = len(times["in-process"]) // args.rounds
    print(f"scenarios: {len(scenarios)} ({played} played, {len(scenarios) - played} skipped); {args.rounds} interleaved rounds after a warm-up")
    print(f"in-process per played scenario:   {spread(times['in-process'])}   (target < 10 ms)")
    print(f"JSON-lines per played scenario:   {spread(times['process'])}")
    print(f"protocol overhead per message, paired per scenario: {spread(per_message)}")
    print(f"protocol overhead per message, per round (paired sums): {spread(per_round)}   (target < 1 ms)")


if __name__ == "__main__":
    main()
