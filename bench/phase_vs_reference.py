"""The conformance corpus on the reference model and on phase.rs (through its adapter), in one run.

    python bench/phase_vs_reference.py [-k EXPR]

Prints, per engine, the scenarios played (not skipped), the total and per-scenario time, and the
ratio phase.rs / reference (target: the reference model at least as fast per scenario, ratio >= 1).
Needs phase-python (pip install 'mtgrules[phase]'). Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import time

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.keywords import select
from mtgrules.conformance.runner import Run, load_scenarios


def bench(spec: str, scenarios, pool) -> tuple[int, float, dict]:
    start = time.perf_counter()
    results = Run(lambda: load_engine(spec), scenarios, pool, timeout=30).run()
    total = time.perf_counter() - start
    played = [r for r in results if r["outcome"] != "skipped"]
    counts: dict = {}
    for r in results:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    return len(played), total, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="keyword", default=None)
    args = parser.parse_args()
    scenarios, pool = load_scenarios()
    scenarios = select(scenarios, args.keyword)
    rows = {}
    for spec in ("reference", "phase"):
        rows[spec] = bench(spec, scenarios, pool)
        n, total, counts = rows[spec]
        per = total / max(n, 1)
        print(f"{spec:10s} {len(scenarios)} scenarios, {n} played: {total:.3f} s total, {per * 1000:.2f} ms per played scenario  {counts}")
    ref = rows["reference"][1] / max(rows["reference"][0], 1)
    ph = rows["phase"][1] / max(rows["phase"][0], 1)
    print(f"ratio phase.rs / reference per played scenario: {ph / ref:.2f} (>= 1 means the reference model is at least as fast)")


if __name__ == "__main__":
    main()
