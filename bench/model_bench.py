"""The reference model's speed, this checkout against another one (--before DIR, or $MTGRULES_BENCH_BEFORE), side by
side in one run: each side is a worker process of its own checkout's Python that loads the corpus once
and then plays it on the reference engine when told to; the workers take turns (interleaved rounds,
after a warm-up round each), so both see the same machine load.

Printed per side: the corpus load CPU (apart: loading is not the model's part), the whole corpus's CPU
per round, the median per-scenario time (wall and CPU, through the runner's ``Run.run_one``), the same
over the scenarios both checkouts have (same ID: the corpora grow, and a per-scenario median over two
different corpora compares different work; the targets are judged on these), a small mechanics game (ms per game) and the listing of its legal actions at the start (model/offers.py: every
candidate tried and rolled back); each as the median and range over the rounds, then the ratios of the
medians and issue 15's target for the model (per scenario at least 2x faster). The model's part of
the corpus CPU is printed beside it; the issue's "whole corpus: CPU at most 40% of today's" is the
whole `conform` command's CPU (today 6.3-7.1 s, of which the scenarios took 2.2-3.0 s), which
bench/commands.py judges.
A checkout without a part (40b5a4f, issue 15's today, has no model/offers.py) prints n/a for its row.

Run: python bench/model_bench.py [--rounds N] [--before PATH]   (prints figures; no assertions)
"""

from __future__ import annotations

import argparse
import os
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
MANY = {"W": 20, "U": 20, "B": 20, "R": 20, "G": 20, "C": 20}
SETUP = {
    "players": {"alice": {"mana_pool": MANY}, "bob": {"mana_pool": MANY}},
    "zones": {"alice": {"hand": ["Divine Skywarden // Purewind Blessings", "Gemrazer", "Exalted Angel", "Lightning Bolt"],
                        "library": ["Grizzly Bears", "Island", "Elite Vanguard"],
                        "battlefield": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Village Ironsmith // Ironfang", "id": "vi"}]},
              "bob": {"hand": ["Counterspell"]}},
}
ACTIONS = [
    {"action": "cast", "player": "alice", "card": "Divine Skywarden // Purewind Blessings", "half": "Purewind Blessings"},
    {"action": "resolve"},
    {"action": "pump", "object": "vi", "power": 2, "toughness": 2},
    {"action": "transform", "object": "vi"},
    {"action": "cast", "player": "alice", "card": "Gemrazer", "alternative_cost": "mutate", "mutate_onto": "bears"},
    {"action": "resolve"},
    {"action": "cast", "player": "alice", "card": "Exalted Angel", "face_down": True, "alternative_cost": "morph"},
    {"action": "resolve"},
    {"action": "cast", "player": "alice", "card": "Lightning Bolt", "targets": ["bob"]},
    {"action": "copy_spell", "object": "Lightning Bolt", "count": 2},
    {"action": "resolve", "all": True},
    {"action": "move", "object": "bears", "to": "graveyard", "cause": "destroy"},
    {"action": "cast", "player": "alice", "card": "Grizzly Bears", "half": "x"},  # refused: restores the state
]
GAMES = 20  # mechanics games per round


# ---------------------------------------------------------------------------- the worker (one per checkout)


def worker() -> None:
    """Load the corpus, say how long it took, then answer each line on stdin with one round's figures."""
    from mtgrules.conformance.engine import load_engine
    from mtgrules.conformance.runner import Run, load_scenarios
    from mtgrules.model.game import Game
    try:
        from mtgrules.model.offers import legal_actions
    except ImportError:  # an older checkout (40b5a4f) has no listing of legal actions: that row is n/a
        legal_actions = None

    start = time.process_time()
    scenarios, pool = load_scenarios()
    print(json.dumps({"load_cpu": time.process_time() - start, "ids": [s.id for s in scenarios]}), flush=True)
    common = set(json.loads(sys.stdin.readline()))  # the scenario IDs both checkouts have: the same work on both sides
    run = Run(lambda: load_engine("reference"), scenarios, pool)
    for _ in sys.stdin:
        walls, cpus, common_walls, common_cpus, outcomes = [], [], [], [], {}
        corpus_start = time.process_time()
        for scenario in scenarios:
            before = time.process_time()
            result = run.run_one(scenario)
            cpu = time.process_time() - before
            cpus.append(cpu)
            if result["outcome"] != "skipped":
                walls.append(result["duration"])
            if scenario.id in common:
                common_cpus.append(cpu)
                common_walls.append(result["duration"])
            outcomes[result["outcome"]] = outcomes.get(result["outcome"], 0) + 1
        corpus_cpu = time.process_time() - corpus_start
        game_start = time.process_time()
        for _ in range(GAMES):
            game = Game.from_setup(SETUP)
            for action in ACTIONS:
                game.apply(action)
            game.snapshot()
        game_cpu = (time.process_time() - game_start) / GAMES
        offers_cpu = None
        if legal_actions is not None:
            offers_start = time.process_time()
            for _ in range(GAMES):  # every candidate tried on the game and rolled back (model/offers.py)
                legal_actions(Game.from_setup(SETUP), "alice")
            offers_cpu = (time.process_time() - offers_start) / GAMES
        print(json.dumps({"corpus_cpu": corpus_cpu, "scenario_wall": statistics.median(walls), "scenario_cpu": statistics.median(cpus),
                          "common_cpu": sum(common_cpus), "common_wall": statistics.median(common_walls),
                          "common_scenario_cpu": statistics.median(common_cpus), "game_cpu": game_cpu, "offers_cpu": offers_cpu, "outcomes": outcomes}), flush=True)


# ---------------------------------------------------------------------------- the comparison


class Side:
    """A worker process of one checkout."""

    def __init__(self, name: str, python: str, cwd: Path):
        self.name = name
        self.proc = subprocess.Popen([python, str(HERE), "--worker"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.cwd = cwd
        self.hello = self.answer()
        self.rounds: list[dict] = []

    def answer(self) -> dict:
        """The worker's next line of figures; its exit is a clear error, not a JSON traceback."""
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"bench/model_bench.py: the {self.name} worker ({self.cwd}) exited {self.proc.wait()} without answering (its error is above)")
        return json.loads(line)

    def round(self, keep: bool = True) -> None:
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        figures = self.answer()
        if keep:
            self.rounds.append(figures)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()

    def median(self, key: str) -> float | None:
        """The median over the rounds, or None where this side's checkout cannot measure it."""
        values = [r[key] for r in self.rounds if r[key] is not None]
        return statistics.median(values) if values else None

    def spread(self, key: str, scale: float, unit: str) -> str:
        values = [r[key] * scale for r in self.rounds if r[key] is not None]
        if not values:
            return "n/a"
        return f"{statistics.median(values):8.2f} {unit} ({min(values):.2f}-{max(values):.2f})"


ROWS = (("corpus_cpu", 1, "s  ", "whole corpus, CPU"), ("scenario_wall", 1000, "ms ", "per scenario, wall (median)"),
        ("scenario_cpu", 1000, "ms ", "per scenario, CPU (median)"), ("common_cpu", 1, "s  ", "common scenarios, CPU"),
        ("common_wall", 1000, "ms ", "per common scenario, wall"), ("common_scenario_cpu", 1000, "ms ", "per common scenario, CPU"),
        ("game_cpu", 1000, "ms ", "mechanics game, CPU"),
        ("offers_cpu", 1000, "ms ", "its legal actions listed, CPU"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--before", type=Path, default=os.environ.get("MTGRULES_BENCH_BEFORE"), help="the other checkout (with its own .venv); default: $MTGRULES_BENCH_BEFORE")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:  # a worker process (of either checkout's Python) needs no --before
        return worker()
    if args.before is None:
        ap.error("--before PATH (or $MTGRULES_BENCH_BEFORE) is required: the checkout to compare with")
    sides = [Side("before", str(args.before / ".venv" / "bin" / "python"), args.before), Side("this", sys.executable, HERE.parent.parent)]
    common = sorted(set(sides[0].hello["ids"]) & set(sides[1].hello["ids"]))
    for side in sides:
        side.proc.stdin.write(json.dumps(common) + "\n")
        side.round(keep=False)  # warm-up
    for i in range(args.rounds):
        for side in (sides if i % 2 == 0 else sides[::-1]):  # interleaved, alternating who goes first
            side.round()
    for side in sides:
        side.close()
    before, this = sides
    print(f"{args.rounds} interleaved rounds after a warm-up; median (range)")
    print(f"{'':30} {'before (' + str(args.before) + ')':>28} {'this checkout':>28}   this/before")
    print(f"{'corpus load, CPU (apart)':30} {before.hello['load_cpu']:8.2f} s {'':18} {this.hello['load_cpu']:8.2f} s {'':18}"
          f"   {this.hello['load_cpu'] / before.hello['load_cpu']:.2f}")
    for key, scale, unit, label in ROWS:
        ratio = f"{this.median(key) / before.median(key):.2f}" if before.median(key) and this.median(key) else "n/a"
        print(f"{label:30} {before.spread(key, scale, unit):>28} {this.spread(key, scale, unit):>28}   {ratio}")
    print(f"scenarios: before {len(before.hello['ids'])}, this {len(this.hello['ids'])}, common (same ID) {len(common)}")
    print(f"outcomes: before {before.rounds[-1]['outcomes']}, this {this.rounds[-1]['outcomes']}")
    speedup = before.median("scenario_wall") / this.median("scenario_wall")
    common_speedup = before.median("common_wall") / this.median("common_wall")
    share = this.median("common_cpu") / before.median("common_cpu")
    print(f"target: per scenario at least 2x faster: {common_speedup:.2f}x on the common scenarios ({'met' if common_speedup >= 2 else 'not met'}); "
          f"{speedup:.2f}x over each side's whole corpus")
    print(f"corpus CPU, model part (common scenarios): {share:.0%} of before (the issue's 40% target is the whole "
          "command's CPU: bench/commands.py)")


if __name__ == "__main__":
    main()
