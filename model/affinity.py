"""Affinity (seed 004: 702.39 pre-2013, today 702.41): a spell costs {1} less for each
[quality] its controller controls."""

from __future__ import annotations

from mtgrules.spec import implements

from .characteristic_effects import printed_abilities


@implements("affinity.a", "affinity.b", "affinity.c", "affinity.q1", "affinity.q2", "cr.current.generic-reduction")
def spell_cost_modifiers(game, player: str, values) -> list[int]:
    """The cost reductions a spell's own abilities give, as the total cost is determined
    (601.2f). "Affinity for [text]" means "This spell costs you {1} less to cast for each [text]
    you control" (counting tapped ones too); each instance applies (affinity.c). The reduction
    reduces generic mana only (118.7a; the seed's affinity.b), which
    :func:`~mtgrules.model.mana.total_cost` applies; the mana cost and mana value are unchanged
    (affinity.q2). ``values``: the spell's characteristics as it will be on the stack (a
    face-down spell has no abilities)."""
    out = []
    for ab in printed_abilities(values):
        if ab.get("keyword") != "affinity":
            continue
        quality = ab.get("for", "Artifact")
        count = sum(1 for oid in game.state.battlefield
                    if game.state.objects[oid].controller == player and game.characteristics(game.state.objects[oid]).is_type(quality))
        out.append(-count)
    return out
