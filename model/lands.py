"""Playing a land: a special action (116.2a). The mana abilities of lands are in payment.py."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .entering import entered
from .zones import move


@action("play_land", player_action=True)
@implements("cr.current.special-actions")
def play_land(game, a):
    """116.2a: playing a land is a special action: the active player, with priority, in a main
    phase with an empty stack, once per turn, puts a land card from their hand onto the battlefield."""
    player = a["player"]
    s = game.state
    p = game.player(player)
    obj = game.obj(a["object"], zone="hand", player=player)
    if s.priority != player:
        raise IllegalAction("cr.current.special-actions", f"{player} doesn't have priority")
    if s.active != player or s.step not in ("precombat-main", "postcombat-main") or s.stack:
        raise IllegalAction("cr.current.special-actions", "a land is played in its owner's main phase while the stack is empty")
    if p.lands_played_this_turn >= 1:
        raise IllegalAction("cr.current.special-actions", "only one land may be played each turn")
    if "Land" not in obj.card.faces[0].types:
        raise IllegalAction("cr.current.special-actions", f"{obj.card.name} isn't a land card")
    p.lands_played_this_turn += 1
    new = move(game, obj, "battlefield", "play land", controller=player)
    for permanent in new:
        entered(game, permanent)
    s.passes = 0
    return [o.id for o in new]
