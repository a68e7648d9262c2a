"""Targets: what a structured target restriction allows (115.1, checked as targets are chosen,
601.2c / 602.2b, and again on resolution, 608.2b), and the object a target reference names as an
effect resolves (a target that has left its zone is gone, 400.7).

A card's structured effect gives ``target:`` either as a restriction (a mapping, the card
schema's ``target_restriction``) or as the name of one of the common restrictions below
(``creature``, ``spell``, ``creature_you_control`` ...). ``self`` is not a target: the effect acts
on its source. The restriction is data a rules expert reads beside the oracle text::

    target: {kind: permanent, types: [Creature], colors_not: [B]}          # "target nonblack creature"
    target: {kind: permanent, types: [Creature, Planeswalker], mana_value: {le: 3}}
    target: {kind: spell, types_not: [Creature]}                           # "target noncreature spell"
    target: {kind: card, zone: graveyard, types: [Creature], owner: you}   # "creature card in your graveyard"
"""

from __future__ import annotations

import operator

from mtgrules.spec import implements

from .actions import TARGETING_FORBIDDEN

#: The named restrictions the first pool used, as restrictions (so a card may give either).
NAMED = {
    "any": {"kind": "any"},
    "player": {"kind": "player"},
    "spell": {"kind": "spell"},
    "permanent": {"kind": "permanent"},
    "spell_or_permanent": {"kind": ["spell", "permanent"]},
    "creature": {"kind": "permanent", "types": ["Creature"]},
    "nontoken_creature": {"kind": "permanent", "types": ["Creature"], "token": False},
    "creature_you_control": {"kind": "permanent", "types": ["Creature"], "controller": "you"},
    "creature_an_opponent_controls": {"kind": "permanent", "types": ["Creature"], "controller": "opponent"},
    "face_down_creature_an_opponent_controls": {"kind": "permanent", "types": ["Creature"], "face_down": True, "controller": "opponent"},
    "creature_with_morph": {"kind": "permanent", "types": ["Creature"], "keywords": ["Morph"]},
    "werewolf_you_control": {"kind": "permanent", "types": ["Creature"], "subtypes": ["Werewolf"], "controller": "you"},
    "card_in_graveyard": {"kind": "card", "zone": "graveyard"},
    "creature_card_in_graveyard": {"kind": "card", "zone": "graveyard", "types": ["Creature"]},
    "creature_card_in_your_graveyard": {"kind": "card", "zone": "graveyard", "types": ["Creature"], "owner": "you"},
    "instant_or_sorcery_card_in_your_graveyard": {"kind": "card", "zone": "graveyard", "types": ["Instant", "Sorcery"], "owner": "you"},
}

#: 115.4: "any target" is a creature, player, planeswalker or battle.
ANY_TYPES = ("Creature", "Planeswalker", "Battle")
COMPARISONS = {"lt": operator.lt, "le": operator.le, "eq": operator.eq, "ge": operator.ge, "gt": operator.gt}
#: restriction key -> the characteristic it compares (a list of values: any of them matches).
_ANY_OF = {"types": "types", "subtypes": "subtypes", "supertypes": "supertypes", "colors": "colors", "keywords": "keywords"}
_NUMBERS = ("mana_value", "power", "toughness")


#: ``target`` values that choose no target: the effect's source, the previous effect's target, or
#: the player the trigger event names ("that player": the player who discarded, trigger_events.py).
NOT_TARGETS = (None, "self", "that", "that_player")


def restriction(target) -> dict | None:
    """The restriction an effect's ``target`` gives (a mapping or a named one); None for no
    target, ``self`` or ``that``. An unknown name is a KeyError (the card schema refuses it first)."""
    if target in NOT_TARGETS:
        return None
    return dict(target) if isinstance(target, dict) else NAMED[target]


def is_targeted(effect: dict) -> bool:
    """Whether the effect chooses a target (``self`` is its source, ``that`` the previous
    effect's target: neither is a new target)."""
    return effect.get("target") not in NOT_TARGETS


def _whose(who: str | None, player_of_object: str, player: str | None) -> bool:
    if who is None or player is None:
        return True
    return (player_of_object == player) == (who == "you")


def _kind_matches(kinds, obj, is_spell: bool, values) -> bool:
    if obj.zone == "stack":
        return "spell" in kinds and is_spell
    if obj.zone == "battlefield":
        return "permanent" in kinds or ("any" in kinds and any(values.is_type(t) for t in ANY_TYPES))
    return "card" in kinds


@implements("cr.current.casting-spells", "cr.current.check-targets", "cr.current.targets")
def target_allowed(game, target, wanted, source_id: str | None = None, player: str | None = None, source_colors=None) -> bool:
    """Whether ``target`` (a player name or an object ID) satisfies the restriction ``wanted``
    (a mapping or a named restriction) now, for a spell or ability whose source is ``source_id``
    controlled by ``player``: the object's kind and zone, then each characteristic named (any of
    the listed types, subtypes, colors; none of the ``_not`` ones; mana value, power, toughness
    compared with ``{le: 3}`` and the like), whose it is (``you`` / ``opponent``, judged for
    ``player``; not checked when ``player`` is None), tapped, token, face down, ``another`` (not
    the source). The same test serves 601.2c (choosing) and 608.2b (resolving). Whatever the
    restriction, an object some rule keeps from being targeted (protection from the source's
    colors, ``source_colors`` or the source object's) isn't allowed (actions.TARGETING_FORBIDDEN)."""
    r = restriction(wanted)
    if r is None:
        return True
    r = with_choices(game, r, source_id)
    kinds = [r["kind"]] if isinstance(r["kind"], str) else list(r["kind"])
    if target in game.state.players:
        return bool({"player", "any"} & set(kinds)) and _whose(r.get("player"), target, player)
    obj = game.state.objects.get(target) if isinstance(target, str) else None
    if obj is None or (r.get("another") and obj.id == source_id):
        return False
    is_spell = obj.ability is None
    if obj.zone == "stack" and obj.id == source_id:
        return False  # 115.5: a spell or ability can't target itself
    values = game.characteristics(obj)
    if not _kind_matches(kinds, obj, is_spell, values) or obj.zone != r.get("zone", obj.zone):
        return False
    for key, attr in _ANY_OF.items():
        have = getattr(values, attr)
        if key in r and not set(r[key]) & set(have):
            return False
        if set(r.get(key + "_not", ())) & set(have):
            return False
    if "colorless" in r and (not values.colors) != r["colorless"]:
        return False
    for key in _NUMBERS:
        if key in r:
            have = getattr(values, key)
            if have is None or not all(COMPARISONS[op](have, n) for op, n in r[key].items()):
                return False
    for key in ("tapped", "token", "face_down"):
        if key in r and bool(getattr(obj, key)) != r[key]:
            return False
    if not (_whose(r.get("controller"), obj.controller, player) and _whose(r.get("owner"), obj.owner, player)):
        return False
    if source_colors is None:
        source = game.state.objects.get(source_id) if source_id else None
        source_colors = game.characteristics(source).colors if source is not None else ()
    return not any(forbidden(game, obj, source_colors) for forbidden in TARGETING_FORBIDDEN)


#: restriction keys that may name a choice (``chosen``) -> the choice (choosing.py).
CHOSEN = {"subtypes": "creature_type", "subtypes_not": "creature_type", "colors": "color", "colors_not": "color"}


def with_choices(game, r: dict, source_id: str | None) -> dict:
    """The restriction with ``chosen`` replaced by the choice its source made ("creatures of the
    chosen type": ``subtypes: [chosen]``); nothing matches a choice not made."""
    if not any("chosen" in r.get(key, ()) for key in CHOSEN):
        return r
    source = game.state.objects.get(source_id) if source_id else None
    made = source.chosen if source is not None else {}
    return {**r, **{key: [made.get(CHOSEN[key], "(no choice)") if v == "chosen" else v for v in r[key]] for key in CHOSEN if key in r}}


def describe(target) -> str:
    """A restriction as a message shows it: its name, or its keys and values."""
    if isinstance(target, str):
        return target
    return ", ".join(f"{k} {v}" for k, v in target.items())


def target_object(game, target, zones: tuple[str, ...] | None = None):
    """The object a target reference names, or None; with ``zones``, only if it is in one of them
    (a target that has left those zones is gone, 400.7)."""
    obj = game.state.objects.get(target) if isinstance(target, str) else None
    return obj if obj is not None and (zones is None or obj.zone in zones) else None


def target_permanent(game, target):
    """The permanent a target reference names, or None if it is no longer on the battlefield."""
    return target_object(game, target, ("battlefield",))
