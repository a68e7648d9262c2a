"""Throughput of the reference model: actions applied per second on small games built from the
seed mechanics (cast a dynamic half, resolve, transform, mutate, morph, leave the battlefield).

Run: python bench/model_bench.py [rounds]   (prints figures; no assertions)
"""

from __future__ import annotations

import sys
import time

from mtgrules.model.game import Game

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


def main(rounds: int = 200) -> None:
    start = time.perf_counter()
    applied = refused = snapshots = 0
    for _ in range(rounds):
        game = Game.from_setup(SETUP)
        for action in ACTIONS:
            result = game.apply(action)
            applied += result.ok
            refused += not result.ok
        game.snapshot()
        snapshots += 1
    elapsed = time.perf_counter() - start
    total = applied + refused
    print(f"games: {rounds}, actions: {total} ({applied} accepted, {refused} refused), snapshots: {snapshots}")
    print(f"elapsed: {elapsed:.2f} s, {total / elapsed:.0f} actions/s, {elapsed / rounds * 1000:.1f} ms per game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
