"""Shrinking a finding to a minimal scenario: delta debugging of its steps and its setup.

A candidate (fewer steps, fewer objects, fewer lands, fewer choices) is kept when it is still a valid
generated scenario (the reference model gives every step the verdict it had: legal steps accepted,
probes refused, and no crash) and the engine under test still shows the finding's signature. The
expectations are read from the model again for every candidate, and at the end only those that fail
on the engine are kept, so the scenario written passes on the reference model and fails on the engine.
"""

from __future__ import annotations

import copy
from typing import Callable

from mtgrules.conformance.engine import setup_objects

from .candidates import ModelCrash, Table
from .expected import model_expectations
from .strategies import request, setup_cards

#: Candidates tried per finding at most (each is one game on the model and one on the engine).
MAX_TRIES = 80


def replay(setup: dict, steps: list[dict], pool, features: list[str]) -> Table | None:
    """The game of ``setup`` and ``steps`` on the model, or None if a step gets another verdict."""
    try:
        table = Table(request(setup, setup_cards(setup), pool), pool, features, labels_of(setup))
        for step in steps:
            verdict = table.apply(step)
            if verdict != ("refused" if step.get("expect") == "illegal" else "ok"):
                return None
    except ModelCrash:
        return None
    return table


def labels_of(setup: dict) -> list[str]:
    return [label for obj in setup_objects(setup) for label in obj["labels"]]


def _without_object(setup: dict, player: str, zone: str, index: int) -> dict:
    out = copy.deepcopy(setup)
    del out["players"][player][zone][index]
    if not out["players"][player][zone]:
        del out["players"][player][zone]
    return out


def _fewer(setup: dict, player: str, zone: str, index: int) -> dict | None:
    entry = setup["players"][player][zone][index]
    if not isinstance(entry, str) or " x" not in entry:
        return None
    name, _, n = entry.rpartition(" x")
    if not n.isdigit() or int(n) < 2:
        return None
    out = copy.deepcopy(setup)
    out["players"][player][zone][index] = f"{name} x{int(n) - 1}" if int(n) > 2 else name
    return out


def _setup_candidates(setup: dict):
    for player, zones in setup["players"].items():
        for zone, entries in zones.items():
            if not isinstance(entries, list):
                continue
            for index in reversed(range(len(entries))):
                yield _without_object(setup, player, zone, index)
                fewer = _fewer(setup, player, zone, index)
                if fewer is not None:
                    yield fewer


def _step_candidates(steps: list[dict]):
    for i in reversed(range(len(steps))):
        yield steps[:i] + steps[i + 1:]
    for i in reversed(range(len(steps) - 1)):  # two steps that only hold as a pair (both players passing)
        yield steps[:i] + steps[i + 2:]
    for i in range(len(steps) - 1):  # every player passing in succession is one resolve step
        if "pass" in steps[i] and "pass" in steps[i + 1]:
            yield steps[:i] + [{"resolve": "top"}] + steps[i + 2:]
    for i, step in enumerate(steps):
        for key in ("choices", "targets"):
            if key in step:
                yield steps[:i] + [{k: v for k, v in step.items() if k != key}] + steps[i + 1:]


def shrink(setup: dict, steps: list[dict], pool, features: list[str],
           fails: Callable[[dict, list[dict], list[dict]], bool]) -> tuple[dict, list[dict], list[dict]] | None:
    """The smallest (setup, steps, expectations) found that still ``fails(setup, steps, expect)``;
    None when the scenario itself no longer fails (a flaky engine)."""
    tries = 0

    def holds(s: dict, st: list[dict]) -> list[dict] | None:
        nonlocal tries
        tries += 1
        table = replay(s, st, pool, features)
        if table is None:
            return None
        expect = model_expectations(table, labels_of(s))
        return expect if fails(s, st, expect) else None

    expect = holds(setup, steps)
    if expect is None:
        return None
    def first(candidates, make):
        """The first candidate that still fails, as (setup, steps, expect), or None."""
        for candidate in candidates:
            if tries >= MAX_TRIES:
                return None
            s, st = make(candidate)
            found = holds(s, st)
            if found is not None:
                return s, st, found
        return None

    while tries < MAX_TRIES:
        smaller = (first(_step_candidates(steps), lambda c: (setup, c))
                   or first(_setup_candidates(setup), lambda c: (c, steps)))
        if smaller is None:
            break
        setup, steps, expect = smaller
    return setup, steps, expect
