"""Benchmark of `mtgrules docs` (a benchmark, not a timed test): the whole build of the HTML
documentation, before and after, side by side on the same machine.

    python bench/docs.py --before DIR [--rounds 2]

Runs, interleaved round by round after one warm-up run of each: the `mtgrules docs --fresh` of
the checkout given as --before, and of this checkout: fresh with a cold cache folder (the proofs,
the custom-rules checker and the citations computed: an empty `$MTGRULES_CACHE_DIR`), fresh with
a warm one (Sphinx from scratch, those results from the cache), and incremental (the same build
again, nothing changed). Prints each run's wall time, its CPU time (user + system of the build and
every process it started) and what that is on an idle machine of this many cores (CPU / cores),
the load average, then the medians and this checkout's time per phase as `mtgrules docs` prints it.

Target (issue 21): the whole build under 45 s on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
CORES = os.cpu_count() or 1


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(mtgrules: Path, cwd: Path, out: Path, cache: Path, *extra: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, the phase line) of one `mtgrules docs`."""
    env = {**os.environ, "MTGRULES_CACHE_DIR": str(cache)}
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run([str(mtgrules), "docs", "--out", str(out), *extra], cwd=cwd, env=env, capture_output=True, text=True)
    seconds, cpu = time.perf_counter() - started, _children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{mtgrules} docs failed:\n{done.stderr[-3000:]}")
    phases = next((line for line in done.stderr.splitlines() if line.startswith("generation ")), "")
    return seconds, cpu, phases


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=os.environ.get("MTGRULES_BENCH_BEFORE"), required="MTGRULES_BENCH_BEFORE" not in os.environ, help="checkout (with .venv) to compare with; default: $MTGRULES_BENCH_BEFORE")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    before, after = args.before / ".venv" / "bin" / "mtgrules", HERE / ".venv" / "bin" / "mtgrules"
    print(f"mtgrules docs benchmark, {CORES} cores; before: {args.before}, after: {HERE}; {load()}")
    names = ("before (fresh)", "after (fresh, cold cache)", "after (fresh, warm cache)", "after (incremental)")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    phases: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-docs-") as tmp:
        out_before, out_after, cache = Path(tmp) / "before" / "html", Path(tmp) / "after" / "html", Path(tmp) / "cache"
        print("warm-up ...", flush=True)
        run(before, args.before, out_before, cache, "--fresh")
        run(after, HERE, out_after, cache, "--fresh")
        for n in range(1, args.rounds + 1):
            for name in names:
                if name == "after (fresh, cold cache)":
                    shutil.rmtree(cache, ignore_errors=True)
                tool, cwd, out = (before, args.before, out_before) if name.startswith("before") else (after, HERE, out_after)
                seconds, cpu, phase = run(tool, cwd, out, cache, *(() if "incremental" in name else ("--fresh",)))
                times[name].append((seconds, cpu))
                if name.startswith("after"):
                    phases.append(f"{name}: {phase}")
                print(f"round {n}: {name:26} {seconds:6.1f} s wall, {cpu:6.1f} s CPU = {cpu / CORES:5.1f} s on {CORES} idle cores; {load()}", flush=True)
    print("\nmedians:")
    for name, values in times.items():
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        print(f"  {name:26} {statistics.median(walls):6.1f} s wall ({', '.join(f'{v:.1f}' for v in walls)}), "
              f"{statistics.median(cpus):6.1f} s CPU = {statistics.median(cpus) / CORES:5.1f} s on {CORES} idle cores")
    print("\nphases (this checkout, as `mtgrules docs` prints them):")
    for line in phases:
        print("  " + re.sub(r"\s+", " ", line))


if __name__ == "__main__":
    main()
