"""The reference model's speed, this checkout against another one (--before DIR, or $MTGRULES_BENCH_BEFORE), side by
side in one run: each side is a worker process of its own checkout's Python that loads the corpus once
and then plays it on the reference engine when told to; the workers take turns (interleaved rounds,
after a warm-up round each), so both see the same machine load.

Printed per side: the corpus load CPU (apart: loading is not the model's part), the whole corpus's CPU
per round, the median per-scenario time (wall and CPU, through the runner's ``Run.run_one``), a small
mechanics game (ms per game) and the listing of its legal actions at the start (model/offers.py: every
candidate tried and rolled back); each as the median and range over the rounds, then the ratios of the
medians and the targets of issue 15 (per scenario at least 2x faster; the corpus's CPU at most 40%).

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
    from mtgrules.model.offers import legal_actions

    start = time.process_time()
    scenarios, pool = load_scenarios()
    print(json.dumps({"load_cpu": time.process_time() - start, "scenarios": len(scenarios)}), flush=True)
    run = Run(lambda: load_engine("reference"), scenarios, pool)
    for _ in sys.stdin:
        walls, cpus, outcomes = [], [], {}
        corpus_start = time.process_time()
        for scenario in scenarios:
            before = time.process_time()
            result = run.run_one(scenario)
            cpus.append(time.process_time() - before)
            if result["outcome"] != "skipped":
                walls.append(result["duration"])
            outcomes[result["outcome"]] = outcomes.get(result["outcome"], 0) + 1
        corpus_cpu = time.process_time() - corpus_start
        game_start = time.process_time()
        for _ in range(GAMES):
            game = Game.from_setup(SETUP)
            for action in ACTIONS:
                game.apply(action)
            game.snapshot()
        game_cpu = (time.process_time() - game_start) / GAMES
        offers_start = time.process_time()
        for _ in range(GAMES):  # every candidate tried on the game and rolled back (model/offers.py)
            legal_actions(Game.from_setup(SETUP), "alice")
        print(json.dumps({"corpus_cpu": corpus_cpu, "scenario_wall": statistics.median(walls), "scenario_cpu": statistics.median(cpus),
                          "game_cpu": game_cpu, "offers_cpu": (time.process_time() - offers_start) / GAMES, "outcomes": outcomes}), flush=True)


# ---------------------------------------------------------------------------- the comparison


class Side:
    """A worker process of one checkout."""

    def __init__(self, name: str, python: str, cwd: Path):
        self.name = name
        self.proc = subprocess.Popen([python, str(HERE), "--worker"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.hello = json.loads(self.proc.stdout.readline())
        self.rounds: list[dict] = []

    def round(self, keep: bool = True) -> None:
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        figures = json.loads(self.proc.stdout.readline())
        if keep:
            self.rounds.append(figures)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()

    def median(self, key: str) -> float:
        return statistics.median(r[key] for r in self.rounds)

    def spread(self, key: str, scale: float, unit: str) -> str:
        values = [r[key] * scale for r in self.rounds]
        return f"{statistics.median(values):8.2f} {unit} ({min(values):.2f}-{max(values):.2f})"


ROWS = (("corpus_cpu", 1, "s  ", "whole corpus, CPU"), ("scenario_wall", 1000, "ms ", "per scenario, wall (median)"),
        ("scenario_cpu", 1000, "ms ", "per scenario, CPU (median)"), ("game_cpu", 1000, "ms ", "mechanics game, CPU"),
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
    for side in sides:
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
        print(f"{label:30} {before.spread(key, scale, unit):>28} {this.spread(key, scale, unit):>28}   {this.median(key) / before.median(key):.2f}")
    print(f"outcomes: before {before.rounds[-1]['outcomes']}, this {this.rounds[-1]['outcomes']}")
    speedup = before.median("scenario_wall") / this.median("scenario_wall")
    share = this.median("corpus_cpu") / before.median("corpus_cpu")
    print(f"target: per scenario at least 2x faster: {speedup:.2f}x ({'met' if speedup >= 2 else 'not met'})")
    print(f"target: whole corpus CPU (model part) at most 40% of before: {share:.0%} ({'met' if share <= 0.4 else 'not met'})")


if __name__ == "__main__":
    main()
