"""Flashback (seed 004: 702.32a pre-2013, today 702.34a): an alternative cost that lets a card be
cast from its owner's graveyard, and a replacement effect exiling it whenever it would leave the
stack. The keyword's full treatment (its rulings) is model II; the core needs it for the
replacement-order and "already going there" cases of the flashback rulings."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import AlternativeCost, IllegalAction, alternative_cost
from .characteristic_effects import abilities_with
from .life import change_life
from .replacement import Replacement


def _cost(game, obj, a) -> str:
    """The flashback cost printed on the card, or one an effect gave it (Snapcaster Mage: its mana
    cost; a card with no mana cost has no flashback cost to pay, 118.6)."""
    cost = obj.card.alternative_cost("flashback")
    if cost is not None:
        return cost
    granted = abilities_with(game, obj, "alternative_cost", "flashback")
    if not granted:
        raise IllegalAction("flashback.a", f"{obj.card.name} doesn't have flashback")
    if granted[0]["cost"] is None:
        raise IllegalAction("flashback.a", f"{obj.card.name} has no mana cost: the flashback cost equal to it can't be paid")
    return granted[0]["cost"]


@implements("flashback.a", "flashback.q2")
def _prepare(game, obj, a, info, values) -> None:
    """702.34a (current reading, spec flashback.a readings): cast from the graveyard only if the
    resulting spell is an instant or sorcery spell; the usual timing still applies (flashback.q2)."""
    _cost(game, obj, a)
    if not (values.is_type("Instant") or values.is_type("Sorcery")):
        raise IllegalAction("flashback.a", "flashback casts only an instant or sorcery spell")
    life = _life_cost(obj.card)
    if life and game.player(a["player"]).life < life:
        raise IllegalAction("flashback.a", f"paying {life} life needs a life total of at least {life} (119.4)")


def _life_cost(card) -> int:
    """The life a flashback cost includes ("Flashback—{1}{U}, Pay 3 life.": ``life: 3``)."""
    return next((ab.get("life", 0) for face in card.faces for ab in face.structured("alternative_cost") if ab["alternative_cost"] == "flashback"), 0)


@implements("flashback.a", "flashback.q1", "flashback.q5", "flashback.q6")
def _on_cast(game, spell) -> None:
    """"If the flashback cost was paid, exile this card instead of putting it anywhere else any
    time it would leave the stack": countered, resolved or returned to hand, it is exiled
    (flashback.q5, q6); an effect that exiles it anyway is not replaced (flashback.q6)."""
    game.state.replacements.append(Replacement(name="flashback", instead="exile", timestamp=game.tick(), from_zone="stack",
                                               object_id=spell.id, rule="flashback.a"))
    life = _life_cost(spell.card)
    if life:  # the flashback cost's life payment (601.2h)
        change_life(game, spell.controller, -life, "cost")


FLASHBACK = alternative_cost(AlternativeCost(name="flashback", zones=("graveyard",), rule="flashback.a", cost=_cost, prepare=_prepare, on_cast=_on_cast))
