"""The rollback copy of a game's state (``Game.apply`` copies the state before each action and puts
the copy back on refusal): a deep copy of a dataclass instance field by field, which shares the
values that cannot change (``SHARED``: strings, numbers, None, and the frozen types the modules that
define them add, such as card definitions) and copies lists and dicts itself, instead of
``copy.deepcopy``'s generic dispatch and its reduce and rebuild of every object (the most of an
action's cost)."""

from __future__ import annotations

from copy import deepcopy

#: Types whose values a copy shares: they cannot change (modules add their frozen classes).
SHARED: set[type] = {str, int, bool, float, type(None)}


def copy_value(value, memo: dict):
    """A deep copy of ``value`` as ``copy.deepcopy`` makes it (an object met twice is copied once,
    through ``memo``), with ``SHARED`` values shared and lists and dicts copied here."""
    cls = type(value)
    if cls in SHARED:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if cls is list:
        new = memo[id(value)] = []
        new.extend(v if type(v) in SHARED else copy_value(v, memo) for v in value)
        return new
    if cls is dict:
        new = memo[id(value)] = {}
        for key, v in value.items():  # keys are hashable, so they do not change
            new[key] = v if type(v) in SHARED else copy_value(v, memo)
        return new
    return deepcopy(value, memo)


def deepcopy_fields(self, memo: dict):
    """``__deepcopy__`` for a dataclass: the same result as ``copy.deepcopy``, built field by field."""
    new = object.__new__(type(self))
    memo[id(self)] = new
    fields = new.__dict__
    for name, value in self.__dict__.items():
        fields[name] = value if type(value) in SHARED else copy_value(value, memo)
    return new
