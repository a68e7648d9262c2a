"""Damage (120): what dealing damage to a player or a creature does, the ``damage`` effect and
test action."""

from __future__ import annotations

from .actions import Unsupported, action, effect
from .characteristic_effects import abilities_with
from .life import change_life
from .lifelink import lifelink
from .support import check_battlefield
from .triggers import add_trigger


def deal_damage(game, source_name: str | None, target, amount: int, **extra) -> None:
    """120.3: damage to a player makes them lose that much life; damage to a creature is marked.
    Damage to a planeswalker is Unsupported (the model has no loyalty counters to remove). ``extra`` is logged with the event (``combat``, ``step`` for combat damage)."""
    check_battlefield(game, ("damage",))  # an unsupported ability that would see or change it
    if target in game.state.players:
        game.log("damage", source=source_name, target=target, amount=amount, **extra)
        change_life(game, target, -amount, "damage")
        lifelink(game, source_name, amount)
        damage_triggers(game, source_name, target, amount)
        return
    obj = game.state.objects.get(target)
    if obj is None or obj.zone != "battlefield":
        return
    if game.characteristics(obj).is_type("Planeswalker"):
        source = game.state.objects.get(source_name) if source_name else None
        raise Unsupported(source.card.name if source is not None else str(source_name), "damage to a planeswalker",
                          "120.3c: it removes loyalty counters; the model has no loyalty counters (306.5b, 704.5i)")
    obj.damage += amount
    game.log("damage", source=source_name, target=obj.id, amount=amount, **extra)
    lifelink(game, source_name, amount)
    damage_triggers(game, source_name, target, amount)


def damage_triggers(game, source_id: str | None, target, amount: int) -> None:
    """"Whenever this creature deals damage[ to an opponent]" (``{trigger: deals_damage, to:
    opponent}``: Exalted Angel, Akki Lavarunner): the trigger remembers the amount ("that much")."""
    source = game.state.objects.get(source_id) if source_id else None
    if source is None or source.zone != "battlefield" or amount <= 0:
        return
    for ab in abilities_with(game, source, "trigger", "deals_damage"):
        if ab.get("to") == "opponent" and not (target in game.state.players and target != source.controller):
            continue
        add_trigger(game, source, ab, amount=amount, targets=[source.id for e in ab.get("effects", []) if e.get("target") == "self"])


@effect("damage")
def _damage(game, source, eff, target):
    deal_damage(game, source.id, target, eff["amount"])


@action("damage")
def damage_action(game, a):
    """Test effect: deal damage to a player or permanent."""
    target = a["target"] if a["target"] in game.state.players else game.obj(a["target"], zone="battlefield").id
    deal_damage(game, a.get("source"), target, int(a["amount"]))
