"""Choices an effect asks a player to make and remembers: a creature type, a color, a card name
("Choose a creature type", "As this creature enters, choose a nonland card name"). The choice is
kept on the object it belongs to (``GameObject.chosen``: the spell while it resolves, the
permanent as it enters), and restrictions name it with ``chosen`` (targets.py: ``subtypes:
[chosen]`` is "of the chosen type", ``colors_not: [chosen]`` "not of the chosen color")."""

from __future__ import annotations

from mtgrules.cards.creature_types import creature_types
from mtgrules.spec import implements

from .actions import IllegalAction
from .double_faced import legal_card_names
from .mana import COLORS

#: what may be chosen -> the ``choices`` key the answer is read from.
CHOICES = {"creature_type": "creature_type", "color": "color", "card_name": "name"}
RULES = {"creature_type": "cr.current.choose-creature-type", "color": "cr.current.choose-color", "card_name": "cr.current.choose-card-name"}


@implements("dyn.4a", "dfc-2016.13")
def check_card_name(game, name: str) -> None:
    """DYN.4a: for a dynamic card, one of its names, not both; 711.13: either face of a
    double-faced card but not both."""
    for card in list(game.state.cards.values()) + [o.card for o in game.state.objects.values()]:
        if name == card.name and len(legal_card_names(card)) > 1:
            rule = "dfc-2016.13" if card.is_double_faced else "dyn.4a"
            raise IllegalAction(rule, f"choose one name of {card.name} ({' or '.join(legal_card_names(card))}), not both")


@implements("cr.current.choose-creature-type", "cr.current.choose-color", "cr.current.choose-card-name")
def choose(game, obj, what: str, player: str, *, nonland: bool = False) -> str:
    """``player`` chooses a ``what`` (creature_type, color or card_name) for ``obj``, from the
    action's ``choices`` (``creature_type``, ``color``, ``name``): a creature type is one of the
    list of 205.3m (cards/creature_types.yaml); a color one of W U B R G (105.1); a card name,
    with ``nonland``, not a land's. Refused (IllegalAction) without an answer or with another."""
    key = CHOICES[what]
    value = game.choice(key)
    if not value:
        raise IllegalAction(RULES[what], f"choose a {what.replace('_', ' ')} (choices.{key})")
    if what == "creature_type" and value not in creature_types():
        raise IllegalAction(RULES[what], f"{value!r} is not a creature type (the list of 205.3m)")
    if what == "color" and value not in COLORS:
        raise IllegalAction(RULES[what], f"{value!r} is not a color (one of {' '.join(COLORS)})")
    if what == "card_name":
        check_card_name(game, value)
        if nonland and _is_land_name(game, value):
            raise IllegalAction(RULES[what], f"choose a nonland card name ({value} is a land)")
    obj.chosen[what if what != "card_name" else "name"] = value
    game.log("chosen", player=player, object=obj.id, choice=what, value=value)
    return value


def _is_land_name(game, name: str) -> bool:
    try:
        card = game.card(name)
    except KeyError:
        return False  # a name the model doesn't know: not a land's as far as it can tell
    return any(face.name == name and "Land" in face.types for face in card.faces)


@implements("cr.current.as-enters")
def as_enters_choices(game, permanent) -> None:
    """"As this permanent enters, choose ..." (``{as_enters: choose, choice, nonland}``): the choice
    is made as it enters (a replacement effect, 614.12), so it has it from the start."""
    if permanent.face_down:
        return
    for face in permanent.card.faces[:1]:
        for ab in face.abilities:
            if ab.get("as_enters") == "choose":
                choose(game, permanent, ab["choice"], permanent.controller, nonland=bool(ab.get("nonland")))
