"""Benchmark of `mtgrules docs` (a benchmark, not a timed test): the whole build of the HTML
documentation, before and after, side by side on the same machine.

    python bench/docs.py --before DIR [--rounds 2]

Runs, interleaved round by round after one warm-up run of each: the `mtgrules docs` of the
checkout given as --before (fresh build), this checkout's fresh build (`--fresh`) and its
incremental build (the same build again, nothing changed). Prints each run, then the medians,
and this checkout's time per phase (generation vs Sphinx) as `mtgrules docs` prints it.

Target (issue 21): the whole build under 45 s on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def run(mtgrules: Path, cwd: Path, out: Path, *extra: str) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run([str(mtgrules), "docs", "--out", str(out), *extra], cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{mtgrules} docs failed:\n{done.stderr[-3000:]}")
    phases = next((line for line in done.stderr.splitlines() if line.startswith("generation ")), "")
    return seconds, phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=os.environ.get("MTGRULES_BENCH_BEFORE"), required="MTGRULES_BENCH_BEFORE" not in os.environ, help="checkout (with .venv) to compare with; default: $MTGRULES_BENCH_BEFORE")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    before, after = args.before / ".venv" / "bin" / "mtgrules", HERE / ".venv" / "bin" / "mtgrules"
    print(f"mtgrules docs benchmark, {os.cpu_count()} cores; before: {args.before}, after: {HERE}")
    times: dict[str, list[float]] = {"before (fresh)": [], "after (fresh)": [], "after (incremental)": []}
    phases: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-docs-") as tmp:
        out_before, out_after = Path(tmp) / "before" / "html", Path(tmp) / "after" / "html"
        print("warm-up ...", flush=True)
        run(before, args.before, out_before)
        run(after, HERE, out_after, "--fresh")
        for n in range(1, args.rounds + 1):
            for name, (tool, cwd, out, extra) in {
                "before (fresh)": (before, args.before, out_before, ()),
                "after (fresh)": (after, HERE, out_after, ("--fresh",)),
                "after (incremental)": (after, HERE, out_after, ()),
            }.items():
                seconds, phase = run(tool, cwd, out, *extra)
                times[name].append(seconds)
                if name.startswith("after"):
                    phases.append(f"{name}: {phase}")
                print(f"round {n}: {name:20} {seconds:6.1f} s", flush=True)
    print("\nmedians:")
    for name, values in times.items():
        print(f"  {name:20} {statistics.median(values):6.1f} s  (runs: {', '.join(f'{v:.1f}' for v in values)})")
    print("\nphases (this checkout, as `mtgrules docs` prints them):")
    for line in phases:
        print("  " + re.sub(r"\s+", " ", line))


if __name__ == "__main__":
    main()
