"""Replicate (702.56): "As an additional cost to cast this spell, you may pay [cost] any number of
times" and "When you cast this spell, if a replicate cost was paid for it, copy it for each time
its replicate cost was paid. If the spell has any targets, you may choose new targets for any of
the copies." The copies are put on the stack, not cast (707.10), so they don't count for storm
(storm.q4).

The cast action's ``replicate: N`` pays the replicate cost N times; the cost comes from the
card's structured ``{keyword: replicate, cost: "{U}"}`` or its keyword line ("Replicate {U}").
The trigger's effect, ``replicate_copies``, is in copies.py.
"""

from __future__ import annotations

import re
from copy import deepcopy

from mtgrules.spec import implements

from .actions import IllegalAction

_LINE = re.compile(r"^Replicate\s+((?:\{[^}]+\})+)", re.MULTILINE)


def replicate_cost(card) -> str | None:
    """The replicate cost printed on the card's (first) face, or None if it has no replicate."""
    face = card.faces[0]
    for ab in face.abilities:
        if str(ab.get("keyword", "")).lower() == "replicate" and ab.get("cost"):
            return ab["cost"]
    m = _LINE.search(face.text or "")
    return m.group(1) if m else None


def with_replicate_costs(obj, a: dict) -> dict:
    """The cast action ``a`` with the replicate cost added ``a["replicate"]`` times to its
    additional costs (601.2b: the player announces how many times; 601.2f: added to the total)."""
    times = int(a.get("replicate") or 0)
    if not times:
        return a
    cost = replicate_cost(obj.card)
    if cost is None:
        raise IllegalAction("storm.q4", f"{obj.card.name} has no replicate cost")
    return {**a, "additional_costs": list(a.get("additional_costs") or []) + [cost] * times}


@implements("storm.q4")
def replicate_trigger(game, spell, a: dict) -> None:
    """The replicate trigger: as the spell becomes cast, if its replicate cost was paid N > 0
    times, "copy it N times" waits to be put on the stack (remembering the spell, so the copies
    are made from last known information)."""
    times = int(a.get("replicate") or 0)
    if times:
        spell.spell.paid["replicate"] = times
        game.state.pending_triggers.append({"source": spell.id, "controller": spell.controller, "text": "Replicate",
                                            "effects": [{"effect": "replicate_copies"}], "count": times, "spell": deepcopy(spell)})
