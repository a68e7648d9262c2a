"""Duplicant's static ability ``{static: imprinted_creature}`` (layers 4 and 7b): the
characteristics of the last creature card exiled with a permanent (see imprint.py)."""

from __future__ import annotations

from .merging import ability_faces


def last_exiled_creature(game, obj):
    """The last creature card exiled with ``obj`` that is still in exile, or None."""
    found = [game.state.objects[c] for c in obj.linked if c in game.state.objects and game.state.objects[c].zone == "exile"]
    found = [c for c in found if game.characteristics(c).is_type("Creature")]
    return max(found, key=lambda c: c.timestamp) if found else None


def imprinted_characteristics(game, obj, values):
    """Duplicant's static ability (layers 4 and 7b): as long as a card exiled with it is a
    creature card, it has the power, toughness and creature types of the last creature card
    exiled with it, and is still a Shapeshifter."""
    if obj.zone != "battlefield" or obj.face_down or not obj.linked:
        return values
    if not any(a.get("static") == "imprinted_creature" for face in ability_faces(obj) for a in face.abilities):
        return values
    card = last_exiled_creature(game, obj)
    if card is None:
        return values
    exiled = game.characteristics(card)
    subtypes = tuple(dict.fromkeys([*exiled.subtypes, "Shapeshifter"]))
    return values.with_(power=exiled.power, toughness=exiled.toughness, subtypes=subtypes)
