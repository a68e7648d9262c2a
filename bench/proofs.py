"""Benchmark of the Z3 proofs (a benchmark, not a timed test): the time and resource count of
each obligation, alone and with its broken variants (medians and ranges over interleaved
rounds, after a warm-up), the machine's load; the fixed cost of the reproducible solving (the
checks of an obligation in one forked child, against one child per check); and the growth
behind each bound: the bounded merged-permanent encodings with N components against the
unbounded array encodings, the bounded flashback encoding with R other replacement effects, the
storm BMC with its bound k, the storm induction with the number of waiting triggers (its bound
kept) and amplify with the number of cards in hand. Verdicts and resource counts are
reproducible (solving.py); the time is what varies.

    python bench/proofs.py [--rounds 3] [--max-n 8]

Targets (issue 22): each obligation under 5 s, all together under 30 s, broken variants included.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from mtgrules.proofs import amplify, amplify_any, flashback, merging, merging_any, merging_leave_any, solving, storm, storm_turn
from mtgrules.proofs.obligation import DEFAULT_RLIMIT, DEFAULT_TIMEOUT_MS, prove
from mtgrules.proofs.registry import obligations


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} ({min(values):.2f}-{max(values):.2f})"


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds over all obligations (medians and ranges)")
    parser.add_argument("--max-n", type=int, default=8, help="largest bound of the bounded merged-permanent encodings")
    args = parser.parse_args()
    print(f"z3 proofs benchmark on {platform.node()} ({platform.processor() or platform.machine()}), python {platform.python_version()}, {os.cpu_count()} cpus, {load()}")
    obs = obligations()
    prove(obs[0])  # warm-up: the solver server, imports
    alone: dict[str, list[float]] = {ob.name: [] for ob in obs}
    whole: dict[str, list[float]] = {ob.name: [] for ob in obs}
    verdicts = {}
    for _ in range(args.rounds):
        for ob in obs:
            start = time.perf_counter()
            v = prove(ob, variants=False)
            alone[ob.name].append(time.perf_counter() - start)
            start = time.perf_counter()
            verdicts[ob.name] = prove(ob)
            whole[ob.name].append(time.perf_counter() - start)
    print(f"\n{'obligation':32} {'verdict':7} {'reach':9} {'proof s, median (range)':>24} {'with variants s':>22} {'rlimit':>9} {'checks':>6}")
    for ob in obs:
        v = verdicts[ob.name]
        flag = "" if statistics.median(whole[ob.name]) < 5 else "  (over the 5 s target)"
        print(f"{ob.name:32} {v.status:7} {ob.reach:9} {spread(alone[ob.name]):>24} {spread(whole[ob.name]):>22} {v.rlimit:9d} {len(v.checks):6d}{flag}")
    totals = [sum(whole[n][r] for n in whole) for r in range(args.rounds)]
    print(f"{'all, with variants':32} {'':7} {'':9} {'':>24} {spread(totals):>22}" + ("" if statistics.median(totals) < 30 else "  (over the 30 s target)"))
    print(f"({load()})")
    fixed_cost(obs, args.rounds)
    print("\ngrowth behind each bound (bounded encodings against the unbounded proof; the registered obligation is marked *):")
    growth("merging.characteristics, bounded encoding, N components", "N", range(1, args.max_n + 1), merging.characteristics_obligation,
           merging_any.characteristics_obligation(), "* arrays, induction")
    growth("merging.leave, bounded encoding, N components", "N", range(1, args.max_n + 1), merging.leave_obligation,
           merging_leave_any.leave_any_obligation(), "* arrays, induction")
    growth("flashback.exiled, bounded encoding, R other replacement effects", "R", range(0, 7), flashback.flashback_obligation,
           flashback.flashback_obligation(), "* induction over 616.1's rounds")
    growth("storm.copies, bounded model checking, k events in a turn", "k", range(1, 11), storm.storm_obligation,
           storm_turn.storm_turn_obligation(), "* induction on the storm count (2 triggers)")
    growth("storm.copies, induction, up to T storm triggers waiting (* T = 2, the bound kept)", "T", range(1, 6),
           lambda t: storm_turn.storm_turn_obligation(triggers=t))
    growth("amplify.counters, bounded encoding, H cards in hand", "H", range(1, 8), lambda h: amplify.amplify_obligation(hand=h),
           amplify_any.amplify_any_obligation(), "* arrays, induction over the cards revealed")


def fixed_cost(obs, rounds: int) -> None:
    """The checks of every obligation solved in one child per obligation (what prove does)
    against one child per check, interleaved: the fixed cost of a fork per check."""
    texts = [solving.as_smt2_all([c.assertions for c in ob.build()]) for ob in obs]
    per_obligation, per_check = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        for t in texts:
            solving._ask({"texts": t, "rlimit": DEFAULT_RLIMIT, "timeout_ms": DEFAULT_TIMEOUT_MS})
        per_obligation.append(time.perf_counter() - start)
        start = time.perf_counter()
        for t in texts:
            for text in t:
                solving._ask({"texts": [text], "rlimit": DEFAULT_RLIMIT, "timeout_ms": DEFAULT_TIMEOUT_MS})
        per_check.append(time.perf_counter() - start)
    n = sum(len(t) for t in texts)
    print(f"\nsolving the {n} checks of the obligations: one child per obligation {spread(per_obligation)} s, one per check {spread(per_check)} s")


def growth(label: str, name: str, values, make, unbounded=None, how: str = "") -> None:
    """Time and work of the bounded encoding for each value of its bound, then of the unbounded proof."""
    print(f"\n{label}:")
    print(f"{name:>3} {'verdict':8} {'seconds':>8} {'rlimit':>12} {'checks':>7}")
    for value in values:
        v = prove(make(value), variants=False)
        print(f"{value:3d} {v.status:8} {v.seconds:8.2f} {v.rlimit:12d} {len(v.checks):7d}")
    if unbounded is not None:
        v = prove(unbounded, variants=False)
        print(f"any {v.status:8} {v.seconds:8.2f} {v.rlimit:12d} {len(v.checks):7d}  (unbounded: {how})")


if __name__ == "__main__":
    main()
