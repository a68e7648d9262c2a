"""Conformance runner benchmark: scenarios per second on the reference model in-process and
through the JSON-lines protocol (the example engine process), and the protocol's overhead per
message. Targets (issue 6): median under 10 ms per scenario in-process; under 1 ms of protocol
overhead per message.

    python bench/conformance.py [-k PATTERN] [--repeat N]
"""

import argparse
import statistics
import time

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import Run, load_scenarios, select


def timed_run(spec, scenarios, pool):
    run = Run(lambda: load_engine(spec), scenarios, pool)
    run._start()
    start = time.perf_counter()
    results = [run.run_one(s) for s in scenarios]
    total = time.perf_counter() - start
    messages = getattr(run.engine, "messages", 0)
    run.engine.stop()
    return results, total, messages


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", default=None)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    scenarios, pool = load_scenarios()
    scenarios = select(scenarios, args.k)
    played = [s for s in scenarios]
    for _ in range(args.repeat):
        res_in, t_in, _ = timed_run("reference", played, pool)
        res_pr, t_pr, msgs = timed_run("reference-process", played, pool)
    ran = [r for r in res_in if r["outcome"] != "skipped"]
    med_in = statistics.median(r["duration"] for r in ran) * 1000
    med_pr = statistics.median(r["duration"] for r in res_pr if r["outcome"] != "skipped") * 1000
    n = len(played)
    print(f"scenarios: {n} ({len(ran)} played, {n - len(ran)} skipped for missing features)")
    print(f"in-process:        {n / t_in:8.1f} scenarios/s   median {med_in:6.2f} ms per played scenario   (target < 10 ms)")
    print(f"JSON-lines process:{n / t_pr:8.1f} scenarios/s   median {med_pr:6.2f} ms per played scenario")
    overhead = (t_pr - t_in) / max(msgs, 1) * 1000
    print(f"protocol: {msgs} messages, overhead {overhead:.3f} ms per message (target < 1 ms)")


if __name__ == "__main__":
    main()
