"""Manifest (701.40): a card put onto the battlefield face down as a 2/2 creature."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .entering import entered
from .zones import move


@action("manifest")
@implements("cr.current.manifest", "dfc-2016.9")
def manifest(game, a):
    """701.40a: to manifest a card, turn it face down; it becomes a 2/2 face-down creature card
    with no text, no name, no subtypes and no mana cost, put onto the battlefield. By default the
    top card of the player's library."""
    player = a["player"]
    if a.get("object"):
        obj = game.obj(a["object"])
    else:
        library = game.player(player).library
        if not library:
            raise IllegalAction("cr.current.manifest", "the library is empty: nothing to manifest")
        obj = game.state.objects[library[0]]
    new = move(game, obj, "battlefield", "manifest", controller=player, face_down=True)
    for permanent in new:
        for c in permanent.components:
            c.face_down = True
            c.face_down_as = "manifest"
        entered(game, permanent)
    return [p.id for p in new]
