"""Benchmark: the custom-rules checker on DYN (proofs/custom/dyn.yaml) with the core rules.

Prints the time to load the rule sets and the time of the analysis (situation cells, MARCO
enumeration, ambiguity questions, references and terms), best and median of N runs.
Usage: python bench/lint_dyn.py [N]
"""

from __future__ import annotations

import statistics
import sys
import time

from mtgrules.proofs import lint
from mtgrules.proofs.rulesets import CORE, DYN, load_with_core


def main(runs: int = 5) -> None:
    t0 = time.perf_counter()
    custom, core = load_with_core(DYN)  # the first load also loads and validates the spec
    load_s = time.perf_counter() - t0
    times = []
    for _ in range(runs):
        report = lint.analyse(custom, core)
        times.append(report.seconds)
    print(f"load DYN + core rules (first, includes the spec): {load_s:.2f} s")
    print(f"DYN analysis: {len(custom.clauses)} DYN clauses + {len(core.clauses)} core clauses, {report.cells} situation cells, "
          f"{len(report.findings)} findings")
    print(f"DYN analysis time over {runs} runs: best {min(times):.2f} s, median {statistics.median(times):.2f} s, worst {max(times):.2f} s (target: under 10 s)")
    core_alone, _ = load_with_core(CORE)
    t = lint.analyse(core_alone, None).seconds
    print(f"core rules alone: {t:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
