"""Costs other than mana, as the vocabulary writes them for activated abilities (602.2b) and as
additional costs of spells (601.2b, paid in 601.2h): sacrificing a permanent (701.21a), paying
life (119.4), and the {T} of a creature (302.6: summoning sickness).

An activated ability gives ``sacrifice: self`` ("Sacrifice this creature: ...") or
``sacrifice: {restriction}`` ("Sacrifice a creature: ...": the permanent is the action's
``sacrifice``), and ``life: N`` ("Pay 2 life"). A spell's ``{additional_cost: {sacrifice:
restriction} | {life: N}}`` is "As an additional cost to cast this spell, sacrifice a creature" /
"pay 3 life". Costs are checked before any is paid, so a cost that can't be paid refuses the
action with the game unchanged (118.3)."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .characteristic_effects import has_keyword
from .combat_state import combat
from .life import change_life
from .targets import describe, target_allowed
from .zones import move


@implements("cr.current.summoning-sickness")
def summoning_sick(game, obj, values=None) -> bool:
    """302.6: a creature's {T} ability can be activated only if its controller has controlled it
    continuously since their most recent turn began (or it has haste). ``values``: the object's
    characteristics, when the caller has them."""
    if obj.id not in combat(game)["entered"]:
        return False
    values = values or game.characteristics(obj)
    return values.is_type("Creature") and not has_keyword(values, "Haste")


@implements("cr.current.sacrifice")
def sacrificed(game, player: str, wanted, chosen, source) -> object:
    """The permanent ``player`` sacrifices for a cost: the ability's source (``wanted`` is
    ``self``) or ``chosen`` (an object reference), which must be a permanent ``player`` controls
    that the restriction ``wanted`` allows (701.21a: a player can sacrifice only a permanent they
    control). Raises IllegalAction otherwise; nothing is paid here."""
    if wanted == "self":
        obj = source
    else:
        if chosen is None:
            raise IllegalAction("cr.current.sacrifice", f"choose a permanent to sacrifice ({describe(wanted)}): the action's `sacrifice`")
        obj = game.obj(chosen)
    if obj.zone != "battlefield" or obj.controller != player:
        raise IllegalAction("cr.current.sacrifice", f"{player} can sacrifice only a permanent they control")
    if wanted != "self" and not target_allowed(game, obj.id, wanted, source.id if source is not None else None, player):
        raise IllegalAction("cr.current.sacrifice", f"{obj.card.name} can't be sacrificed for this cost ({describe(wanted)})")
    return obj


@implements("cr.current.pay-life")
def check_life(game, player: str, amount: int) -> None:
    """119.4: a player can pay life only if their life total is at least the amount (0 always)."""
    if amount > 0 and game.player(player).life < amount:
        raise IllegalAction("cr.current.pay-life", f"{player} can't pay {amount} life with {game.player(player).life}")


@implements("cr.current.sacrifice", "cr.current.pay-life", "cr.current.total-cost")
def pay_other_costs(game, player: str, costs: list[dict], chosen, source) -> list[str]:
    """Check, then pay, the non-mana costs ``costs`` (each ``{sacrifice: self | restriction}`` or
    ``{life: N}``): every one is checked first, so none is paid unless all can be. Sacrificing is
    moving the permanent to its owner's graveyard (701.21a: not destroying it; it dies).
    Returns the IDs of the permanents sacrificed, as they were on the battlefield."""
    victims = [sacrificed(game, player, c["sacrifice"], chosen, source) for c in costs if "sacrifice" in c]
    life = sum(c.get("life", 0) for c in costs)
    check_life(game, player, life)
    if len({v.id for v in victims}) < len(victims):
        raise IllegalAction("cr.current.sacrifice", "one permanent can't be sacrificed twice")
    if life:
        change_life(game, player, -life, "cost")
    for victim in victims:
        move(game, victim, "graveyard", "sacrifice")
    return [v.id for v in victims]


def additional_costs(face) -> list[dict]:
    """The non-mana additional costs printed on a spell's face (``{additional_cost: ...}``)."""
    return [dict(ab["additional_cost"]) for ab in face.structured("additional_cost")] if face is not None else []
