"""Conditions of the effect vocabulary: an effect's ``if`` ("if you control a creature with power 4
or greater", "if this spell was kicked") and a triggered ability's intervening "if" clause (603.4:
"At the beginning of your end step, if you control two or more tapped creatures, ..."), which is
checked as the trigger event occurs and again as the ability resolves.

A condition is a mapping; every key given must hold, judged for ``player`` (the controller of
the spell or ability):

``you_control``
    a restriction (targets.py): you control a permanent it allows; with ``count``
    (``{ge: 2}``: "two or more"; ``{eq: 0}``: "no ...") the number of them is compared instead.
``life``, ``hand``
    your life total, the number of cards in your hand, compared (``{le: 10}``: "10 or less").
``kicked``
    this spell was (``true``) or was not (``false``) kicked (702.33d).
"""

from __future__ import annotations

from mtgrules.spec import implements

from .targets import COMPARISONS, target_allowed

KEYS = ("you_control", "count", "life", "hand", "kicked")


def _compare(have: int, comparison: dict) -> bool:
    return all(COMPARISONS[op](have, n) for op, n in comparison.items())


def controlled(game, player: str, restriction: dict, source_id: str | None = None) -> list[str]:
    """The permanents ``player`` controls that ``restriction`` allows (no targeting)."""
    return [oid for oid in game.state.battlefield
            if game.state.objects[oid].controller == player and target_allowed(game, oid, restriction, source_id, player)]


@implements("cr.current.intervening-if", "cr.current.kicker")
def condition_holds(game, player: str, condition: dict | None, *, source_id: str | None = None, spell=None) -> bool:
    """Whether ``condition`` holds now for ``player``; ``spell`` is the SpellInfo of the spell
    whose effect it conditions (for ``kicked``), ``source_id`` the object it comes from (for
    ``another`` in ``you_control``). No condition holds always."""
    if not condition:
        return True
    if "kicked" in condition and bool(spell and spell.kicked) != condition["kicked"]:
        return False
    if "you_control" in condition:
        found = len(controlled(game, player, condition["you_control"], source_id))
        if not _compare(found, condition.get("count", {"ge": 1})):
            return False
    if "life" in condition and not _compare(game.player(player).life, condition["life"]):
        return False
    return "hand" not in condition or _compare(len(game.player(player).hand), condition["hand"])
