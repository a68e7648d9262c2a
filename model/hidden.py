"""Hidden information: which players can't see an object's face (its characteristics as a card).

The reference observation shows everything (the snapshot gives each object's card and
characteristics); ``hidden_from`` records, per object, the players a player-facing view would hide
them from:

* a card in a library (a hidden zone, 400.2) is hidden from every player;
* a card in a hand (a hidden zone) is hidden from every player but its owner;
* a face-down spell or permanent (708.2) is hidden from every player but its controller, who may
  look at it (708.5 in the current rules; morph.q8);
* a card exiled face down (406.3) is hidden from every player;
* anything else (a face-up object in a public zone) is hidden from nobody.
"""

from __future__ import annotations

from mtgrules.spec import implements


@implements("cr.current.zones", "cr.current.face-down", "morph.q8")
def hidden_from(game, obj) -> list[str]:
    """The players who can't see ``obj``'s face (see the module docstring), in turn order."""
    players = list(game.state.order)
    if obj.zone == "library":
        return players
    if obj.zone == "hand":
        return [p for p in players if p != obj.owner]
    if obj.components and obj.face_down:
        if obj.zone == "exile":
            return players
        return [p for p in players if p != obj.controller]
    return []
