"""Benchmark: the custom-rules checker on DYN (proofs/custom/dyn.yaml) with the core rules, how its
time grows when the rule set doubles and quadruples, and one 100,000-letter word in a text.

The doubled (quadrupled) set is DYN with each clause copied under new IDs (``dyn.1`` ->
``dynx1.1``), the questions and precedence kept, so the copies apply wherever the originals do.
Each size is run N times, interleaved (1x, 2x, 4x, 1x, ...) after one warm-up run, and the
median and the range are printed with the ratio to 1x, for the CPU time of the process (what the
analysis costs, whatever the load of the machine) and the wall-clock time (what a user waits;
it grows with the load). Target: DYN under 5 s.
Usage: python bench/lint_dyn.py [N]
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace

from mtgrules.proofs import lint
from mtgrules.proofs.rulesets import CORE, DYN, load, load_with_core


def scaled(custom, factor: int):
    """DYN with every clause copied ``factor - 1`` times under new IDs (their precedence copied too)."""
    clauses = list(custom.clauses)
    precedence = list(custom.precedence)
    for n in range(1, factor):
        rename = {c.id: c.id.replace("dyn.", f"dynx{n}.", 1) for c in custom.clauses}
        clauses += [replace(c, id=rename[c.id]) for c in custom.clauses]
        precedence += [{**p, "rule": rename.get(p["rule"], p["rule"]), "over": [rename.get(o, o) for o in p["over"]]} for p in custom.precedence]
    return replace(custom, clauses=clauses, precedence=precedence)


def long_word(tmp: str) -> float:
    path = f"{tmp}/long-word.yaml"
    with open(path, "w", encoding="utf-8") as out:
        out.write("ruleset: {id: hb, title: long word, core: false}\nclauses:\n  - id: hb.1\n    text: \"A " + "x" * 100_000 + " card.\"\n")
    t = time.perf_counter()
    lint.lint_file(path)
    return time.perf_counter() - t


def main(runs: int = 3) -> None:
    t0 = time.perf_counter()
    custom, core = load_with_core(DYN)  # the first load also loads and validates the spec
    print(f"load DYN + core rules (first, includes the spec): {time.perf_counter() - t0:.2f} s")
    sets = {f: scaled(custom, f) for f in (1, 2, 4)}
    lint.analyse(custom, core)  # warm-up
    times: dict[int, list[float]] = {f: [] for f in sets}
    cpu: dict[int, list[float]] = {f: [] for f in sets}
    cells: dict[int, int] = {}
    for _ in range(runs):
        for f, rs in sets.items():
            c0 = time.process_time()
            report = lint.analyse(rs, core)
            cpu[f].append(time.process_time() - c0)
            times[f].append(report.seconds)
            cells[f] = report.cells
    base, base_cpu = statistics.median(times[1]), statistics.median(cpu[1])
    for f in sets:
        med, med_cpu = statistics.median(times[f]), statistics.median(cpu[f])
        print(f"DYN x{f}: {len(sets[f].clauses)} custom + {len(core.clauses)} core clauses, {cells[f]} cells: CPU median {med_cpu:.2f} s "
              f"(range {min(cpu[f]):.2f}-{max(cpu[f]):.2f}), wall median {med:.2f} s (range {min(times[f]):.2f}-{max(times[f]):.2f}) over {runs} runs; "
              f"{med_cpu / base_cpu:.2f}x the CPU time of DYN")
    print(f"target: DYN (x1) under 5 s: CPU {'met' if base_cpu < 5 else 'NOT met'} ({base_cpu:.2f} s), wall {'met' if base < 5 else 'NOT met'} ({base:.2f} s)")
    core_alone = load(CORE)
    c0 = time.process_time()
    wall = lint.analyse(core_alone, None).seconds
    print(f"core rules alone: CPU {time.process_time() - c0:.2f} s, wall {wall:.2f} s")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(f"a rule text with one 100,000-letter word (issue 23; was 54 s, target < 2 s): {long_word(tmp):.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
