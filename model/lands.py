"""Lands: playing a land (a special action, 116.2a) and the mana abilities of basic lands, which
the model activates for a player who is paying a cost (601.2g) when the mana pool falls short."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .mana import Cost, ManaPool
from .zones import move

BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G", "Wastes": "C"}


def mana_sources(game, player: str) -> list[tuple[str, str]]:
    """(object ID, mana symbol) for each untapped land ``player`` controls that has a basic land
    type (305.6: "{T}: Add [mana]")."""
    out = []
    for oid in game.state.battlefield:
        obj = game.state.objects[oid]
        if obj.controller != player or obj.tapped:
            continue
        values = game.characteristics(obj)
        if not values.is_type("Land"):
            continue
        for subtype in values.subtypes:
            if subtype in BASIC_MANA:
                out.append((oid, BASIC_MANA[subtype]))
                break
        else:
            if obj.card.name == "Wastes":
                out.append((oid, "C"))
            elif not obj.face_down:  # a nonbasic land's printed "{T}: Add [mana]" ({mana: symbol}, Seat of the Synod)
                out += [(oid, ab["mana"]) for ab in obj.card.faces[0].structured("mana")][:1]
    return out


@implements("cr.pre-2013.mana-abilities", "cr.pre-2013.pay")
def pay(game, player: str, cost: Cost, x: int = 0) -> dict[str, int] | None:
    """601.2g-h: before paying, the player may activate mana abilities; then the total cost is
    paid in full from the mana pool (no partial payments). The model taps the player's basic
    lands only as far as the pool falls short, lands of a missing color first. Returns the mana
    spent, or None (nothing changed) if the cost can't be paid."""
    p = game.player(player)
    if p.pool.payment_for(cost, x) is not None:
        payment = p.pool.payment_for(cost, x)
        p.pool.spend(payment)
        return payment
    trial = ManaPool(dict(p.pool.amounts))
    needed = list(cost.colored)
    for symbol, amount in trial.amounts.items():
        for _ in range(amount):
            if symbol in needed:
                needed.remove(symbol)
    sources = sorted(mana_sources(game, player), key=lambda s: (s[1] not in needed, s[0]))
    tapped = []
    for oid, symbol in sources:
        trial.add(symbol)
        tapped.append((oid, symbol))
        if symbol in needed:
            needed.remove(symbol)
        if trial.payment_for(cost, x) is not None:
            break
    else:
        return None
    for oid, symbol in tapped:
        game.state.objects[oid].tapped = True
        p.pool.add(symbol)
        game.log("mana_ability", player=player, object=oid, mana=symbol)
    payment = p.pool.payment_for(cost, x)
    p.pool.spend(payment)
    return payment


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
    from .resolution import entered

    for permanent in new:
        entered(game, permanent)
    s.passes = 0
    return [o.id for o in new]
