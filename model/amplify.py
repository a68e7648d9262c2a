"""Amplify (seed 004: 702.36 pre-2013, today 702.38) and what else happens "as a permanent
enters the battlefield"."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .characteristic_effects import abilities_with, follow_spell_to_permanent
from .triggers import add_trigger


def _previous_object(game, permanent) -> tuple[str | None, str | None]:
    """The object ``permanent`` was before it entered, and the zone it came from."""
    for event in reversed(game.state.events):
        if event["type"] == "zone_change" and permanent.id in (event.get("new_objects") or []):
            return event["object"], event["from"]
    return None, None


@implements("amplify.a", "amplify.b", "amplify.q1", "amplify.q2", "amplify.q3", "amplify.q4", "amplify.q5", "amplify.q6")
def as_enters(game, permanent) -> None:
    """Called as ``permanent`` enters, before anything can see it on the battlefield. 400.7a:
    effects that changed its characteristics as a spell keep applying (amplify.q6). Amplify N:
    "As this object enters, reveal any number of cards from your hand that share a creature
    type with it. This permanent enters with N +1/+1 counters on it for each card revealed this
    way. You can't reveal this card or any other cards that are entering at the same time."
    The cards are the action's ``choices.reveal``; any of its creature types will do
    (amplify.q2), those it has as it enters, a copy's being those it copies (amplify.q5); N
    counters per card (amplify.q3), put on as it enters (amplify.q4); each instance works
    separately (amplify.b). Its creature types are not looked at again later (amplify.q6)."""
    old, from_zone = _previous_object(game, permanent)
    if old is not None and from_zone == "stack":
        follow_spell_to_permanent(game, old, permanent.id)
    if not permanent.face_down:
        _amplify(game, permanent)
    _others_see_it_enter(game, permanent)


def _others_see_it_enter(game, permanent) -> None:
    """Abilities of other permanents that trigger on a creature entering (Garruk's Packleader)
    see it as it entered: with its amplify counters (amplify.q4)."""
    values = game.characteristics(permanent)
    if not values.is_type("Creature"):
        return
    for oid in list(game.state.battlefield):
        other = game.state.objects[oid]
        if oid == permanent.id or other.controller != permanent.controller:
            continue
        for ab in abilities_with(game, other, "trigger", "another_creature_enters"):
            if (values.power or 0) >= ab.get("min_power", 0):
                add_trigger(game, other, ab)


def _amplify(game, permanent) -> None:
    """Amplify's instances on an entering permanent (see :func:`as_enters`)."""
    instances = abilities_with(game, permanent, "keyword", "amplify")
    if not instances:
        return
    values = game.characteristics(permanent)
    types = set(values.subtypes) if values.is_type("Creature") else set()
    revealed = []
    for ref in game.choice("reveal") or []:
        card = game.obj(ref)
        if card.zone != "hand" or card.owner != permanent.controller:
            raise IllegalAction("amplify.a", f"{card.card.name} isn't in {permanent.controller}'s hand")
        shown = game.characteristics(card)
        if not (shown.is_type("Creature") and types & set(shown.subtypes)):
            raise IllegalAction("amplify.a", f"{card.card.name} shares no creature type with {values.name}")
        if card.id not in revealed:
            revealed.append(card.id)
    if not revealed:
        return
    game.log("reveal", player=permanent.controller, cards=[game.state.objects[r].card.name for r in revealed], object=permanent.id, rule="amplify.a")
    for ab in instances:
        n = int(ab.get("amount", 1)) * len(revealed)
        permanent.counters["+1/+1"] = permanent.counters.get("+1/+1", 0) + n
