"""Lifelink (702.15): damage dealt by a source with lifelink also causes that source's controller
to gain that much life."""

from __future__ import annotations

from mtgrules.spec import implements

from .characteristic_effects import has_keyword
from .life import change_life


@implements("dyn.example.r2")
def lifelink(game, source_id, amount: int) -> None:
    """702.15b: damage dealt by a source with lifelink causes that source's controller to gain
    that much life, in addition to the damage's other results (one life-gain event per damage
    event). DYN.example.r2: a dynamic card on the battlefield as its permanent half (Divine
    Skywarden) has the half's lifelink."""
    obj = game.state.objects.get(source_id) if isinstance(source_id, str) else None
    if obj is None or amount <= 0 or obj.ability is not None:
        return
    if has_keyword(game.characteristics(obj), "Lifelink"):
        change_life(game, obj.controller, amount, "lifelink")
