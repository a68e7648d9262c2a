"""python-mtg's names and values in corpus terms: steps, keywords, colours. Small pure functions."""

from __future__ import annotations

#: The corpus's steps in turn order; python-mtg names them with underscores and has no first-strike damage step.
STEPS = ("untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers",
         "declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat", "postcombat-main", "end",
         "cleanup")

#: Corpus steps python-mtg has no counterpart for (its combat has one damage step).
NO_ENGINE_STEP = {"first-strike-damage"}


def engine_step(step: str) -> str:
    """The corpus step name as python-mtg spells it (``precombat-main`` -> ``precombat_main``)."""
    return step.replace("-", "_")


def corpus_step(step: str) -> str:
    return step.replace("_", "-")


def step_index(step: str) -> int:
    return STEPS.index(corpus_step(step))


def keyword_name(keyword: str) -> str:
    """``double_strike`` -> ``Double strike`` (MTGJSON spelling)."""
    text = keyword.replace("_", " ")
    return text[:1].upper() + text[1:]


def color_name(color: str) -> str:
    """python-mtg's colour words -> MTGJSON's letters."""
    return {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}.get(color, color)
