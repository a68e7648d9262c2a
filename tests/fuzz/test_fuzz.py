"""The input fuzz campaign (issue 23; campaign.py, formats.py): every malformed input of every format
is accepted or a clean error, never a traceback. Each format is fed inputs from both generators
(mutation and Hypothesis). A short run is part of the normal tests; the long run (10,000 inputs per
format) carries the ``slow`` marker, prints its figures and also holds every input under 2 s:

    .venv/bin/python -m pytest -m slow tests/fuzz -s

The long run plays its inputs in ``JOBS`` worker processes, each a shard with its own seeds.
"""

import multiprocessing
import os
from pathlib import Path

import pytest
from campaign import run, run_hypothesis
from formats import FORMATS

SHORT, LONG = 100, 5_000  # per generator: 200 and 10,000 inputs per format
#: Worker processes of the long run (each a shard of the inputs, with its own random seeds):
#: ``$MTGRULES_FUZZ_JOBS``, else the cores.
JOBS = int(os.environ.get("MTGRULES_FUZZ_JOBS") or os.cpu_count() or 1)


def _shard(name: str, count: int, folder: Path, shard: int):
    """``count`` Hypothesis inputs of the format, then as many mutated ones as make ``2 * count``
    (Hypothesis drops the trees the syntax cannot write); shard ``shard``'s own seeds."""
    fmt = FORMATS[name]()
    (folder / "m").mkdir(parents=True)
    (folder / "h").mkdir()
    hypothesis = run_hypothesis(fmt, count, folder / "h", seed=shard)
    mutation = run(fmt, 2 * count - hypothesis.tried, folder / "m", seed=23 + shard)
    return mutation, hypothesis


def _campaign(name, count, tmp_path, jobs=1):
    """``2 * count`` inputs of the format, in ``jobs`` worker processes (one: in this process)."""
    counts = [count // jobs + (i < count % jobs) for i in range(jobs)]
    if jobs == 1:
        shards = [_shard(name, count, tmp_path, 0)]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:  # fork: the workers have this module
            shards = pool.starmap(_shard, [(name, n, tmp_path / str(i), i) for i, n in enumerate(counts)])
    mutation, hypothesis = shards[0]
    for m, h in shards[1:]:
        mutation, hypothesis = mutation.add(m), hypothesis.add(h)
    mutation.generator, hypothesis.generator = "mutation", "hypothesis"
    print()
    total = mutation.add(hypothesis)
    for figures in (mutation, hypothesis, total):
        print(figures.line(), flush=True)
    assert not total.tracebacks, total.tracebacks[:3]
    assert total.tried == 2 * count and hypothesis.tried >= 0.9 * count, total.line()
    return total


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_short_campaign(name, tmp_path):
    _campaign(name, SHORT, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FORMATS))
def test_long_campaign(name, tmp_path):
    total = _campaign(name, LONG, tmp_path, JOBS)
    # the bound: no input takes 2 s to accept or reject, in CPU time (the wall-clock figure, printed too,
    # also counts the time a loaded machine gave to other processes)
    assert total.slowest_cpu[0] < 2.0, total.slowest_cpu
