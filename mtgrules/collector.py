"""Python's cyclic garbage collector around a long batch job.

A job that builds a large graph of objects and keeps most of it (a Sphinx build of the
documentation: every doctree, the environment, autodoc's modules) makes the collector walk the
whole graph again each time it has grown by a quarter. A cold ``mtgrules docs`` ran 13 full
collections, 1.6 s of its 11 s, that freed almost nothing: with the collector paused the build
held 10% more memory at its peak. The garbage left at the end costs one more walk (0.7 s), at the
next collection or when the process ends, only to free memory that the operating system takes
back at once when the process ends.
"""

from __future__ import annotations

import atexit
import gc
from contextlib import contextmanager
from functools import cache
from typing import Iterator


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection inside the block (reference counting still frees what it can); the
    collector is as it was afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def off_until_exit() -> None:
    """For a command whose process ends with its job: no cyclic collection from now on, nor when
    the process ends (every object is frozen then, ``gc.freeze``, which the collection at exit
    does not walk). Exit handlers still run; what sits in a garbage cycle is not finalized, so a
    file must be closed by whoever opened it (as ``with`` does)."""
    gc.disable()
    _freeze_at_exit()


@cache
def _freeze_at_exit() -> None:
    atexit.register(gc.freeze)
