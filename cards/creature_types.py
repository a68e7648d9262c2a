"""The creature types of rule 205.3m (``creature_types.yaml``, the list as the current Comprehensive
Rules print it): what a player may choose for "choose a creature type"."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from mtgrules.yamlio import load

CREATURE_TYPES_FILE = Path(__file__).resolve().parent / "creature_types.yaml"


@lru_cache(maxsize=1)
def creature_types_data() -> dict:
    """The file as data: ``rule`` (the spec ID it cites), ``current``, ``edition``, ``two_words``, ``one_word``."""
    return load(CREATURE_TYPES_FILE).data


def creature_types() -> frozenset[str]:
    """Every creature type (205.3m)."""
    data = creature_types_data()
    return frozenset(data["two_words"]) | frozenset(data["one_word"])
