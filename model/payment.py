"""Paying mana costs (601.2g-h): the mana abilities of lands, which the model activates for a
player who is paying a cost when the mana pool falls short, and the ``add_mana`` test action."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import action
from .mana import Cost, ManaPool
from .support import face_up_faces, refuse


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


def refuse_mana_abilities(game, player: str) -> None:
    """A payment fell short while ``player`` controls an untapped permanent with a mana ability
    the model does not execute (support.py kind ``mana``): Unsupported, not a refusal."""
    for oid in game.state.battlefield:
        obj = game.state.objects[oid]
        if obj.controller == player and not obj.tapped:
            for face in face_up_faces(obj):
                refuse(obj.card.name, face, ("mana",))


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
    for symbol, amount in trial.amounts.items():  # the colored symbols the pool already covers
        for _ in range(min(amount, needed.count(symbol))):  # bounded by the cost, never by the pool (C: 10^9)
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
        refuse_mana_abilities(game, player)
        return None
    for oid, symbol in tapped:
        game.state.objects[oid].tapped = True
        p.pool.add(symbol)
        game.log("mana_ability", player=player, object=oid, mana=symbol)
    payment = p.pool.payment_for(cost, x)
    p.pool.spend(payment)
    return payment


@action("add_mana")
def add_mana(game, a):
    """Test effect: add mana to a player's mana pool (as a mana ability would)."""
    for symbol, amount in a["mana"].items():
        game.player(a["player"]).pool.add(symbol, int(amount))
    game.log("mana_added", player=a["player"], mana=dict(a["mana"]))
