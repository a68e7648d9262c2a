"""The fuzz campaign (issue 23; campaign.py): every malformed input of every format is a clean
error or accepted, never a traceback, and none takes more than 2 s. A short run is part of the
normal tests; the long run (10,000 inputs per format) carries the ``slow`` marker:

    .venv/bin/python -m pytest -m slow tests/fuzz -s
"""

import pytest
from campaign import run
from formats import formats

FORMATS = {f.name: f for f in formats()}
SHORT, LONG = 50, 10_000


def _check(name, count, tmp_path):
    figures = run(FORMATS[name], count, tmp_path)
    print(figures.line())
    assert not figures.tracebacks, figures.tracebacks[:3]
    assert figures.slowest[0] < 2.0, figures.slowest
    assert figures.tried == count


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_short_campaign(name, tmp_path):
    _check(name, SHORT, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FORMATS))
def test_long_campaign(name, tmp_path):
    _check(name, LONG, tmp_path)
