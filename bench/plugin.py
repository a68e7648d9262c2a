"""The pytest plugin at scale (issue 15): the corpus as pytest items, once and ten times over.

A scenario folder holding the corpus COPIES times (each copy's IDs suffixed, so every scenario is
its own item) is run with ``pytest --mtg-engine=reference --mtg-scenarios DIR``; the CPU of the
whole pytest process (its xdist workers included) is compared with the same run on one copy.
pytest runs in an empty project folder beside the scenario folders, as in a project without tests
of its own: run from their parent, every run (and each xdist worker) would also walk both folders
(4,000 files; about 0.15 s in every process).
Then one copy, two copies and COPIES copies are run serially and with ``-n 2``. Rounds interleave
the compared runs after a warm-up round (which fills the parse and validation caches); the short
runs (1x, 2x, no test: a second or two each, where this machine's noise is as large as the
differences) are timed SHORT_REPEAT times a round. Medians and ranges are printed, and the targets: COPIES times the corpus costs at most 1.2 x COPIES the CPU of
one copy; ``-n 2`` is faster (wall) than serial, printed for one, two and COPIES copies (the plugin
at scale). So that the verdict at one copy can be read, pytest without the plugin on no test at
all is timed too, serially and with ``-n 2``: the difference is xdist's own start (its workers'
interpreters, pytest and plugins), which ``-n 2`` must win back from splitting the items.

    python bench/plugin.py [--copies 10] [--rounds 2] [--short-repeat 4]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "conformance" / "scenarios"


def corpus_copies(target: Path, copies: int) -> Path:
    """``copies`` copies of the corpus under ``target``, IDs (and file names) suffixed ``-cN``."""
    for path in sorted(CORPUS.rglob("*.yaml")):
        relative = path.relative_to(CORPUS)
        text = path.read_text(encoding="utf-8")
        for n in range(copies):
            suffix = f"-c{n}" if copies > 1 else ""
            dest = target / relative.parent / f"{path.stem}{suffix}.yaml"
            dest.parent.mkdir(parents=True, exist_ok=True)
            if "cards" in relative.parts[:-1]:
                if n == 0:
                    shutil.copy(path, target / relative)
                continue
            dest.write_text(re.sub(r"^id: (\S+)", lambda m: f"id: {m[1]}{suffix}", text, count=1, flags=re.M), encoding="utf-8")
    return target


def timed(folder: Path | None, extra: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall, CPU) of pytest on the scenarios of ``folder`` through the plugin; without a folder,
    of pytest on no test (in the empty ``cwd``), without the plugin."""
    plugin = ["--mtg-engine=reference", f"--mtg-scenarios={folder}"] if folder else []
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *plugin, *extra]
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in ((0, 1) if folder else (5,)):  # 5: no test collected, as the runs without the plugin should
        raise SystemExit(f"pytest exited {code}: {' '.join(argv)}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime  # children: the xdist workers


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} [{min(values):.2f}-{max(values):.2f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--short-repeat", type=int, default=4, help="times the short runs (1x, 2x, no test) are timed per round")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        one, two, many = corpus_copies(tmp / "one", 1), corpus_copies(tmp / "two", 2), corpus_copies(tmp / "many", args.copies)
        project = tmp / "project"
        project.mkdir()
        env = dict(os.environ, MTGRULES_CACHE_DIR=str(tmp / "cache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode caches, as an installed package has them
        short = args.short_repeat  # the short runs (seconds each) are timed this many times a round, interleaved
        runs = {"1x serial": (one, [], short), f"{args.copies}x serial": (many, [], 1), "1x -n 2": (one, ["-n", "2"], short),
                f"{args.copies}x -n 2": (many, ["-n", "2"], 1), "2x serial": (two, [], short), "2x -n 2": (two, ["-n", "2"], short),
                "no test, serial": (None, [], short), "no test, -n 2": (None, ["-n", "2"], short)}
        figures = {name: ([], []) for name in runs}
        for rnd in range(args.rounds + 1):
            for turn in range(short):
                for name, (folder, extra, repeat) in runs.items():
                    if turn >= repeat:
                        continue
                    wall, cpu = timed(folder, extra, project, env)
                    if rnd:
                        figures[name][0].append(wall)
                        figures[name][1].append(cpu)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}; {args.rounds} rounds after a warm-up, the runs of 1x, 2x "
          f"and no test {short} times a round")
    print(f"{'run':16} {'wall s, median [range]':>28} {'CPU s, median [range]':>28}")
    for name, (wall, cpu) in figures.items():
        print(f"{name:16} {spread(wall):>28} {spread(cpu):>28}")
    cpu = {name: statistics.median(f[1]) for name, f in figures.items()}
    wall = {name: statistics.median(f[0]) for name, f in figures.items()}
    ratio = cpu[f"{args.copies}x serial"] / cpu["1x serial"]
    print(f"target: {args.copies}x the corpus at most {1.2 * args.copies:.0f}x the CPU of 1x: {ratio:.1f}x: "
          f"{'met' if ratio <= 1.2 * args.copies else 'NOT met'}")
    for size in (1, 2, args.copies):
        n2, serial = wall[f"{size}x -n 2"], wall[f"{size}x serial"]
        print(f"target: -n 2 faster than serial (wall) at {size}x the corpus: {n2:.2f} s against {serial:.2f} s: "
              f"{'met' if n2 < serial else 'NOT met'}")
    start_cost, items = wall["no test, -n 2"] - wall["no test, serial"], wall["1x serial"] - wall["no test, serial"]
    print(f"xdist's own start (no test: -n 2 against serial): {start_cost:.2f} s; the items of 1x serially: about {items:.2f} s, "
          f"so two workers save at most about {items / 2:.2f} s there")


if __name__ == "__main__":
    sys.exit(main())
