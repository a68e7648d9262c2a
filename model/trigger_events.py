"""Where triggered abilities of permanents trigger on game events other than zone changes (those are
in zones.py and entering.py): a spell being cast, a player discarding a card, and the beginning
of the upkeep and of the end step. Every permanent's abilities are those it has now, the
abilities of each component of a merged permanent included (702.140e, abilities_with), and an
intervening "if" clause is checked as the event occurs (603.4, triggers.add_trigger)."""

from __future__ import annotations

from mtgrules.spec import implements

from .characteristic_effects import abilities_with
from .triggers import add_trigger

#: A step whose beginning triggers abilities -> the structured trigger (503.1a upkeep, 513.1a end step).
STEP_TRIGGERS = {"upkeep": "upkeep", "end": "end_step"}


def cast_triggers(game, spell) -> None:
    """Abilities of permanents that trigger when a player casts an instant or sorcery card
    (``{trigger: any_player_casts_instant_or_sorcery_card}``, Eye of the Storm). A copy is not a
    card (707.10, 707.12), so casting a copy doesn't trigger them; DYN.3b: a dynamic card on the
    stack has only the types of the half cast."""
    if spell.copy:
        return
    values = game.characteristics(spell)
    if not (values.is_type("Instant") or values.is_type("Sorcery")):
        return
    for oid in list(game.state.battlefield):
        permanent = game.state.objects[oid]
        for ab in abilities_with(game, permanent, "trigger", "any_player_casts_instant_or_sorcery_card"):
            add_trigger(game, permanent, ab, spell=spell.id, caster=spell.controller)


@implements("cr.current.discard", "madness.q8")
def discard_triggers(game, player: str) -> None:
    """"Whenever a player discards a card" (``{trigger: discards, player: any}``, Confessor),
    "whenever an opponent discards a card" (``player: opponent``: Megrim, Liliana's Caress) or
    "whenever you discard a card" (``player: you``): each triggers once per card discarded,
    whether or not madness exiled it (madness.q8). "That player" is the discarding player (the
    trigger's ``targets``, not chosen: no targeting)."""
    for oid in list(game.state.battlefield):
        permanent = game.state.objects[oid]
        for ab in abilities_with(game, permanent, "trigger", "discards"):
            whose = ab.get("player", "any")
            if whose == "any" or (whose == "you") == (player == permanent.controller):
                add_trigger(game, permanent, ab, targets=[player for e in ab.get("effects", []) if e.get("target") == "that_player"], player=player)


@implements("dfc-2016.12", "cr.current.transform", "cr.current.end-step", "cr.current.intervening-if")
def step_triggers(game, step: str) -> None:
    """Abilities of permanents that trigger "at the beginning of" ``step``: ``{trigger: upkeep}``
    (503.1a: Delver of Secrets, the werewolves) and ``{trigger: end_step}`` (513.1a), each with
    ``whose: each`` (the default) or ``yours`` (only in its controller's turn). 603.4: with an
    intervening "if" clause (``if``: conditions.py; the werewolves' ``condition``: "if no spells
    were cast last turn", "if a player cast two or more spells last turn") it triggers only if the
    condition holds, and is checked again as it resolves."""
    s = game.state
    if step not in STEP_TRIGGERS:
        return
    last = s.spells_cast_last_turn
    conditions = {None: True, "no_spells_last_turn": not any(last.values()),
                  "two_spells_last_turn": any(n >= 2 for n in last.values())}
    for oid in list(s.battlefield):
        obj = s.objects[oid]
        for ab in abilities_with(game, obj, "trigger", STEP_TRIGGERS[step]):
            if ab.get("whose") == "yours" and obj.controller != s.active or not conditions.get(ab.get("condition"), False):
                continue
            add_trigger(game, obj, ab, targets=[oid for e in ab.get("effects", []) if e.get("target") == "self"])
