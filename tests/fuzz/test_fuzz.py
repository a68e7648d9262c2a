"""The input fuzz campaign (issue 23; campaign.py, formats.py): every malformed input of every format
is accepted or a clean error, never a traceback. Each format is fed inputs from both generators
(mutation and Hypothesis). A short run is part of the normal tests; the long run (10,000 inputs per
format) carries the ``slow`` marker, prints its figures and also holds every input under 2 s:

    .venv/bin/python -m pytest -m slow tests/fuzz -s
"""

import pytest
from campaign import run, run_hypothesis
from formats import FORMATS

SHORT, LONG = 100, 5_000  # per generator: 200 and 10,000 inputs per format


def _campaign(name, count, tmp_path):
    """``count`` Hypothesis inputs of the format, then as many mutated ones as make ``2 * count``
    (Hypothesis drops the trees the syntax cannot write)."""
    fmt = FORMATS[name]()
    (tmp_path / "m").mkdir()
    (tmp_path / "h").mkdir()
    hypothesis = run_hypothesis(fmt, count, tmp_path / "h")
    mutation = run(fmt, 2 * count - hypothesis.tried, tmp_path / "m")
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
    total = _campaign(name, LONG, tmp_path)
    # the bound: no input takes 2 s to accept or reject, in CPU time (the wall-clock figure, printed too,
    # also counts the time a loaded machine gave to other processes)
    assert total.slowest_cpu[0] < 2.0, total.slowest_cpu
