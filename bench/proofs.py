"""Benchmark of the Z3 proofs (a benchmark, not a timed test): the time and resource count of
each obligation, the growth of the merged-permanent obligations with the number of components
N = 1..8, of the bounded flashback encoding with R = 0..6 other replacement effects and of the
storm BMC with its bound k = 1..10, the last two against their unbounded proofs: the measured
growth behind each bound kept (the reason is in the obligation; `mtgrules prove` prints it).
Verdicts and resource counts are reproducible (each check is solved in a fresh process); the
time is what varies.

    python bench/proofs.py [--max-n 8] [--repeat 1]

Targets (issue 7): each obligation under 5 s, all together under 30 s on this machine.
"""

from __future__ import annotations

import argparse
import platform
import time

from mtgrules.proofs import flashback, merging, storm, storm_turn
from mtgrules.proofs.obligation import prove
from mtgrules.proofs.registry import obligations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=1, help="runs per obligation (the best time is shown)")
    args = parser.parse_args()
    print(f"z3 proofs benchmark on {platform.node()} ({platform.processor() or platform.machine()}), python {platform.python_version()}")
    print(f"{'obligation':45} {'verdict':8} {'seconds':>8} {'rlimit':>12}")
    total = 0.0
    for ob in obligations():
        runs = [prove(ob, variants=False) for _ in range(args.repeat)]
        best = min(runs, key=lambda v: v.seconds)
        total += best.seconds
        flag = "" if best.seconds < 5 else "  (over the 5 s target)"
        print(f"{ob.name:45} {best.status:8} {best.seconds:8.2f} {best.rlimit:12d}{flag}")
    print(f"{'all obligations':45} {'':8} {total:8.2f}" + ("" if total < 30 else "  (over the 30 s target)"))
    for label, make in (("merging.characteristics (induction)", merging.characteristics_obligation), ("merging.leave (induction)", merging.leave_obligation)):
        print(f"\ngrowth of {label} with N components:")
        print(f"{'N':>3} {'verdict':8} {'seconds':>8} {'rlimit':>12} {'checks':>7}")
        for n in range(1, args.max_n + 1):
            start = time.perf_counter()
            v = prove(make(n), variants=False)
            print(f"{n:3d} {v.status:8} {time.perf_counter() - start:8.2f} {v.rlimit:12d} {len(v.checks):7d}")
    growth("flashback.exiled (bounded encoding, induction) with R other replacement effects", "R", range(0, 7), flashback.flashback_obligation,
           flashback.flashback_obligation(), "induction over 616.1's rounds")
    growth("storm.copies (bounded model checking) with the bound k (events in a turn)", "k", range(1, 11), storm.storm_obligation,
           storm_turn.storm_turn_obligation(), "inductive invariant on the storm count")


def growth(label: str, name: str, values, make, unbounded, how: str) -> None:
    """Time and work of the bounded encoding for each value of its bound, then of the unbounded proof."""
    print(f"\ngrowth of {label}:")
    print(f"{name:>3} {'verdict':8} {'seconds':>8} {'rlimit':>12}")
    for value in values:
        v = prove(make(value), variants=False)
        print(f"{value:3d} {v.status:8} {v.seconds:8.2f} {v.rlimit:12d}")
    v = prove(unbounded, variants=False)
    print(f"any {v.status:8} {v.seconds:8.2f} {v.rlimit:12d}  (unbounded: {how})")


if __name__ == "__main__":
    main()
