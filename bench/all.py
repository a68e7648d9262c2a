"""Run every bench script in this folder, one after the other, each in its own process with this
Python, and print its figures under a heading; a script that fails is named with its exit code at the
end (the others still run). Each script runs with its defaults; the scripts that compare with another checkout read it from
$MTGRULES_BENCH_BEFORE.

    python bench/all.py [NAME ...]   (only the named scripts, e.g. model_bench conformance)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts(names: list[str]) -> list[Path]:
    found = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name)
    return [p for p in found if not names or p.stem in names]


def main(names: list[str]) -> int:
    failed = []
    for script in scripts(names):
        print(f"==== {script.name}", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
        print(f"==== {script.name}: exit {code}, {time.perf_counter() - start:.1f} s wall\n", flush=True)
        if code:
            failed.append(f"{script.name} (exit {code})")
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
