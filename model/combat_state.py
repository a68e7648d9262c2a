"""The combat state (model/combat.py): ``game.state.combat``, a dict, so that a refused action
rolls it back; the keys are described in combat.py."""

from __future__ import annotations


def combat(game) -> dict:
    c = game.state.combat
    for key, default in (("attackers", {}), ("blockers", {}), ("blocked", []), ("order", {}), ("requirements", []), ("entered", [])):
        c.setdefault(key, default)
    c.setdefault("first_strike", None)
    return c
