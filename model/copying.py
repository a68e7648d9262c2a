"""The rollback copy of a game's state (``Game.apply`` copies the state before each action and puts
the copy back on refusal): a deep copy of a dataclass instance field by field, which shares the
values that cannot change (strings, numbers, None) and deep-copies the others, instead of
``copy.deepcopy``'s generic reduce and rebuild of every object (the most of an action's cost)."""

from __future__ import annotations

from copy import deepcopy

#: Values a copy shares: they cannot change.
IMMUTABLE = frozenset({str, int, bool, float, type(None)})


def deepcopy_fields(self, memo: dict):
    """``__deepcopy__`` for a dataclass: the same result as ``copy.deepcopy`` (an object met twice is
    copied once, through ``memo``), built field by field."""
    new = object.__new__(type(self))
    memo[id(self)] = new
    fields = new.__dict__
    for name, value in self.__dict__.items():
        fields[name] = value if type(value) in IMMUTABLE else deepcopy(value, memo)
    return new
