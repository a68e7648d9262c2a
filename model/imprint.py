"""Imprint (an ability word, 207.2c): cards exiled with a permanent and the
abilities linked to that exile (607.2a). The exiled cards are the permanent's ``linked`` list
(object IDs, oldest first); a setup gives them with ``linked`` (the corpus's ``imprinted`` and
``exiled_with``).

Effects (structured abilities of the pool cards):

``imprint_from_hand``
    Isochron Scepter: "When Isochron Scepter enters, you may exile an instant card with mana value
    2 or less from your hand" (``max_mana_value``; the card from ``choices.cards``, ``choices.may``).
``imprint_target``
    Duplicant: "When Duplicant enters, you may exile target nontoken creature."
``copy_imprinted``
    Isochron Scepter: "You may copy the exiled card. If you do, you may cast the copy without
    paying its mana cost" (``choices.cast``, 707.12).

Static ability ``{static: imprinted_creature}``: Duplicant "has the power, toughness, and creature
types of the last creature card exiled with Duplicant. It's still a Shapeshifter." (in
imprinted.py, with the characteristics, below the actions).
"""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, effect
from .casting import cast_answer
from .copies import cast_copy_of
from .zones import move


def _source(game, ability_obj):
    data = ability_obj.ability or {}
    return game.state.objects.get(data.get("source"))


def link(game, source, new_objects) -> None:
    """607.2a: the cards are "exiled with" ``source`` (if it is still the same object)."""
    if source is not None:
        source.linked.extend(o.id for o in new_objects)
        for obj in new_objects:
            game.log("linked", object=obj.id, card=obj.card.name, source=source.id)


@effect("imprint_from_hand")
@implements("dyn.4b", "dyn.4c")
def _imprint_from_hand(game, ability_obj, eff, target):
    """Exile the chosen card from the controller's hand if it is an instant card with mana value at
    most ``max_mana_value``; a card that doesn't qualify is an illegal choice (the action is
    refused). A dynamic card in a hand has its combined characteristics (DYN.4b, DYN.4c: its mana
    value is the total of both halves), so it is judged by those."""
    if game.choice("may") is False:
        return
    chosen = list(game.choice("cards") or [])
    if not chosen:
        return
    player = ability_obj.controller
    card = game.obj(chosen[0], zone="hand", player=player)
    values = game.characteristics(card)
    limit = eff.get("max_mana_value")
    if card.owner != player or not values.is_type("Instant") or (limit is not None and values.mana_value > limit):
        raise IllegalAction("dyn.4c", f"{card.card.name} is not an instant card with mana value {limit} or less (mana value {values.mana_value})")
    link(game, _source(game, ability_obj), move(game, card, "exile", "imprint"))


@effect("imprint_target")
@implements("merging.3b", "merging.3c")
def _imprint_target(game, ability_obj, eff, target):
    """Exile the target nontoken creature (if still legal and the controller wants to). A merged
    permanent becomes one card per component (730.3c: the effect finds all of them); the
    exiling player chooses their relative timestamp order (730.3b, ``choices.last_exiled``: the
    card that is exiled last)."""
    if game.choice("may") is False or target is None:
        return
    obj = game.state.objects.get(target)
    if obj is None or obj.zone != "battlefield" or obj.token or not game.characteristics(obj).is_type("Creature"):
        return
    order = None
    last = game.choice("last_exiled")
    if last and obj.merged:
        names = [c.card.name for c in obj.components]
        if last not in names:
            raise IllegalAction("merging.3b", f"{last!r} is not a component of the exiled permanent")
        order = [n for n in names if n != last] + [last]
    link(game, _source(game, ability_obj), move(game, obj, "exile", "imprint", order=order))


@effect("copy_imprinted")
@implements("cr.current.cast-copy")
def _copy_imprinted(game, ability_obj, eff, target):
    """Copy the card exiled with the source; its controller may cast the copy without paying its
    mana cost (707.12; ``choices.cast``)."""
    source = _source(game, ability_obj)
    for cid in list(source.linked if source is not None else []):
        card = game.state.objects.get(cid)
        if card is None or card.zone != "exile":
            continue
        answer = cast_answer(game, card)
        if answer is not None:
            cast_copy_of(game, ability_obj.controller, card, answer)
