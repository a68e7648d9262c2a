"""Where users wait (issue 15): whole commands as a user runs them, this checkout against another
one (--before DIR or $MTGRULES_BENCH_BEFORE, with its own .venv), side by side.

Each round runs every command once on each side, interleaved (before, this, before, this...), as
its own process; wall time and the process's CPU (user + system, its children included) are
recorded. A warm-up round comes first and is not counted (it fills each side's caches, as any
second run on a machine finds them; each side has a cache folder of its own, and `docs` an
output folder of its own). With --cold every run gets a new, empty cache and output folder: the
first run on a machine, or after the cache folder was cleared (verify and docs remember results
and pages by the hash of their inputs, so the warm figures show a rerun with nothing changed). Printed: median [min-max] per command and side, the ratio,
and each target of the issue with its verdict. The load average is printed too: wall times on a
busy machine say little, CPU and ratios say more.

    python bench/commands.py [--rounds N] [--before DIR] [--verify] [--docs] [--cold]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

COMMANDS = {
    "help": ["--help"],
    "conform (whole corpus)": ["conform", "--engine", "reference", "-q"],
    "conform -k flashback": ["conform", "--engine", "reference", "-q", "-k", "flashback"],
}


def timed(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall, CPU) of one process run to its end."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} (in {cwd}) exited {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} [{min(values):.2f}-{max(values):.2f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, default=os.environ.get("MTGRULES_BENCH_BEFORE"), help="the other checkout (default: $MTGRULES_BENCH_BEFORE)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--verify", action="store_true", help="also time `mtgrules verify` (minutes per round)")
    ap.add_argument("--docs", action="store_true", help="also time `mtgrules docs` (the incremental build a user reruns; minutes per round)")
    ap.add_argument("--only-slow", action="store_true", help="time only --verify and --docs")
    ap.add_argument("--cold", action="store_true", help="a new, empty cache (and docs output) folder for every run")
    args = ap.parse_args()
    if args.before is None:
        ap.error("give --before DIR or set $MTGRULES_BENCH_BEFORE")
    commands = {} if args.only_slow else dict(COMMANDS)
    commands.update({"verify": ["verify"]} if args.verify else {})
    commands.update({"docs": ["docs", "--out", "{tmp}/html"]} if args.docs else {})
    sides = {"before": Path(args.before), "this": HERE.parent}
    figures = {(side, name): ([], []) for side in sides for name in commands}
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(args.rounds + 1):
            for name, argv in commands.items():
                for side, root in sides.items():
                    folder = f"{tmp}/{side}/{rnd}" if args.cold else f"{tmp}/{side}"
                    env = dict(os.environ, MTGRULES_CACHE_DIR=f"{folder}/cache")
                    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode caches, as an installed package has them
                    args_of_side = [a.replace("{tmp}", folder) for a in argv]
                    wall, cpu = timed([str(root / ".venv" / "bin" / "mtgrules"), *args_of_side], root, env)
                    if rnd:  # round 0 warms up
                        figures[side, name][0].append(wall)
                        figures[side, name][1].append(cpu)
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (2 cores idle is below 1); {args.rounds} rounds after a warm-up; "
          f"{'cold: empty cache folders every run' if args.cold else 'warm: each side keeps its cache folder'}")
    print(f"{'command':24} {'side':7} {'wall s, median [range]':>28} {'CPU s, median [range]':>28}")
    med = {}
    for name in commands:
        for side in sides:
            wall, cpu = figures[side, name]
            med[side, name] = statistics.median(wall), statistics.median(cpu)
            print(f"{name:24} {side:7} {spread(wall):>28} {spread(cpu):>28}")
        print(f"{'':24} {'this/before':12} wall {med['this', name][0] / med['before', name][0]:.2f}, CPU {med['this', name][1] / med['before', name][1]:.2f}")

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    if not args.only_slow:
        whole, flash, helped = med["this", "conform (whole corpus)"], med["this", "conform -k flashback"], med["this", "help"]
        cpu_share = whole[1] / med["before", "conform (whole corpus)"][1]
        print(f"target: mtgrules --help under 0.25 s wall: {helped[0]:.2f} s: {verdict(helped[0] < 0.25)}")
        print(f"target: whole corpus at most 3 s wall (idle machine): {whole[0]:.2f} s: {verdict(whole[0] <= 3)}")
        print(f"target: whole corpus CPU at most 40% of before: {cpu_share:.0%}: {verdict(cpu_share <= 0.4)}")
        print(f"target: -k flashback at most 25% of the whole run: wall {flash[0] / whole[0]:.0%}: {verdict(flash[0] / whole[0] <= 0.25)}, "
              f"CPU {flash[1] / whole[1]:.0%}: {verdict(flash[1] / whole[1] <= 0.25)}")
        print(f"target: -k flashback under 1.5 s wall: {flash[0]:.2f} s: {verdict(flash[0] < 1.5)}")
    for name in ("verify", "docs"):
        if name in commands:
            share = med["this", name][0] / med["before", name][0]
            print(f"target: {name} at most half of before's wall time: {share:.0%} (CPU {med['this', name][1] / med['before', name][1]:.0%}): "
                  f"{verdict(share <= 0.5)}")


if __name__ == "__main__":
    sys.exit(main())
