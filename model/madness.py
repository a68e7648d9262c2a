"""Madness (seed 004: 702.33 pre-2013, today 702.35): a replacement effect exiling a discarded
card, and a triggered ability letting its owner cast it for its madness cost as the trigger
resolves (the spec's reading of madness.a: the current rule, where the exile is not optional).

Edition ``pre-2013`` plays madness.a as seed 004 prints it: the player "may exile it instead of
putting it into his or her graveyard", answered by ``choices.madness`` (``exile`` or
``graveyard``). The January 2015 rules (702.34a) still say "may exile it"; the July 2016 rules say
"exiles it" (their indexes: spec/editions), so the model's editions ``2016-04-08`` and ``2026-08-07`` exile."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import AlternativeCost, IllegalAction, alternative_cost, effect
from .casting import cast, cast_answer
from .replacement import Replacement
from .trigger_events import discard_triggers
from .zones import move

OFFER = "_madness_offer"  # the card whose madness trigger is resolving (set during resolution only)


def has_madness(obj) -> bool:
    return not obj.face_down and obj.card.alternative_cost("madness") is not None


@implements("madness.a", "madness.q1", "madness.q6", "madness.q8", "cr.current.discard")
def discard_card(game, obj, player: str, cause: str = "discard") -> list:
    """701.9a: a player discards a card from their hand. Madness: "If a player would discard this
    card, that player discards it, but exiles it instead of putting it into their graveyard" and
    "When this card is exiled this way, its owner may cast it by paying [cost] rather than
    paying its mana cost. If that player doesn't, they put this card into their graveyard."
    The card is still discarded (abilities that trigger on discarding trigger) but never reaches
    the graveyard first (madness.q8), however it is discarded: by an effect or as a cost
    (madness.q6)."""
    madness = has_madness(obj) and obj.zone == "hand" and exiles(game, obj)
    if madness:
        rep = Replacement(name="madness", instead="exile", timestamp=game.tick(), to=("graveyard",), from_zone="hand",
                          object_id=obj.id, rule="madness.a")
        game.state.replacements.append(rep)
    try:
        new = move(game, obj, "graveyard", cause)
    finally:
        if madness:
            game.state.replacements = [r for r in game.state.replacements if not (r.name == "madness" and r.object_id == obj.id)]
    game.log("discard", player=player, object=obj.id, card=obj.card.name, cards=1, new_objects=[o.id for o in new], cause=cause)
    discard_triggers(game, player)
    for card in new:
        if madness and card.zone == "exile":
            game.state.pending_triggers.append({"source": card.id, "controller": card.owner, "text": "Madness",
                                                "effects": [{"effect": "madness", "card": card.id}]})
    return new


@implements("madness.a", "madness.q3")
def exiles(game, obj) -> bool:
    """Whether madness's replacement exiles the discarded card ``obj``. As printed in seed 004
    (edition ``pre-2013``) the exile is optional: "that player discards it, but may exile it
    instead of putting it into his or her graveyard". The player decides as the card is
    discarded (madness.q3), with ``choices.madness``: ``exile``, or ``graveyard`` (the card goes
    to the graveyard and the madness trigger doesn't trigger). Like any "may", the option is
    taken only when chosen: without an answer the card goes to the graveyard. In the later
    editions the card is always exiled (702.35a) and ``choices.madness`` is not asked."""
    if game.state.edition != "pre-2013":
        return True
    return game.choice("madness") == "exile"


def discard_to_hand_size(game, size: int = 7) -> None:
    """514.1: in the cleanup step, the active player with more cards in hand than their maximum
    hand size (7) discards the excess (``choices.discard``; by default the last cards in hand).
    A card with madness discarded this way is exiled and its trigger makes players receive
    priority in the cleanup step (514.3a)."""
    player = game.state.active
    hand = game.player(player).hand
    excess = len(hand) - size
    if excess <= 0:
        return
    chosen = [game.obj(ref, zone="hand", player=player).id for ref in game.choice("discard") or []][:excess]
    chosen += [c for c in reversed(hand) if c not in chosen][: excess - len(chosen)]
    for oid in chosen:
        discard_card(game, game.state.objects[oid], player, "discard (cleanup)")


def _answer(game, card) -> dict | None:
    """The owner's answer to the madness offer for ``card`` (``choices.cast``: true, a card
    reference, ``{card, alt_cost, targets}``, or a list of those; ``may: false`` declines)."""
    return cast_answer(game, card)


@effect("madness")
@implements("madness.a", "madness.b", "madness.q3", "madness.q7", "madness.q9")
def _madness_trigger(game, source, eff, target):
    """As the madness trigger resolves, the owner may cast the card for its madness cost, whatever
    its type and whoever's turn it is (madness.q7); the card must still be in exile, where it
    was put (madness.q8). If they don't, it is put into the graveyard, and can't be cast with
    madness later (madness.q3). Between the discard and the cast the trigger is on the stack, so
    no land can be played and no sorcery-speed spell cast (madness.q9)."""
    card = game.state.objects.get(eff["card"])
    if card is None or card.zone != "exile":
        game.log("no_effect", object=source.id, rule="madness.a", reason="the card is no longer where madness exiled it")
        return
    answer = _answer(game, card)
    if answer is not None:
        game.state.choices[OFFER] = card.id
        try:
            cast(game, {"player": card.owner, "object": card.id, "alternative_cost": "madness",
                        "targets": [game.obj(t).id if t not in game.state.players else t for t in answer.get("targets") or []]},
                 timing=False)
        finally:
            game.state.choices.pop(OFFER, None)
        return
    move(game, card, "graveyard", "madness not used")


def _cost(game, obj, a) -> str:
    cost = obj.card.alternative_cost("madness")
    if cost is None:
        raise IllegalAction("madness.a", f"{obj.card.name} doesn't have madness")
    return cost


@implements("madness.a", "madness.b", "madness.q2", "madness.q3")
def _prepare(game, obj, a, info, values) -> None:
    """A card can be cast with madness only from exile, as its own madness trigger resolves: not
    by discarding at will (madness.q2: no rule lets a player discard on a whim) nor later
    (madness.q3)."""
    _cost(game, obj, a)
    if game.state.choices.get(OFFER) != obj.id:
        raise IllegalAction("madness.a", f"{obj.card.name} can be cast with madness only as its madness trigger resolves")


MADNESS = alternative_cost(AlternativeCost(name="madness", zones=("exile",), rule="madness.b", cost=_cost, prepare=_prepare))
