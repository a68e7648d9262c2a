"""Paying mana costs (601.2g-h): the mana abilities of permanents (lands' and any other's, such as
Llanowar Elves'), which the model activates for a player who is paying a cost when the mana pool
falls short, and the ``add_mana`` test action."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import action
from .characteristic_effects import structured_abilities
from .costs import summoning_sick
from .mana import Cost, ManaPool
from .support import face_up_faces, refuse


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G", "Wastes": "C"}


@implements("cr.current.basic-land-types", "cr.current.mana-abilities", "cr.current.summoning-sickness", "cr.current.mutate")
def mana_sources(game, player: str) -> list[tuple[str, str]]:
    """(object ID, mana) for each untapped permanent ``player`` controls with a "{T}: Add [mana]"
    ability: a land's basic land type (305.6), or a structured ``{mana: symbols}`` of any permanent
    (``CC``: "Add {C}{C}"; ``any``: one mana of any color). A creature's {T} abilities, these
    included, only if it has been under the player's control since their turn began (302.6: a
    land creature too). The abilities are those the permanent has now (none face down, 708.2; every
    component's when merged, 702.140e). 605.3a: a player paying a cost may activate any of them;
    the model taps lands first, then other permanents."""
    out = []
    for oid in game.state.battlefield:
        obj = game.state.objects[oid]
        if obj.controller != player or obj.tapped:
            continue
        values = game.characteristics(obj)
        if summoning_sick(game, obj, values):
            continue
        basic = [BASIC_MANA[t] for t in values.subtypes if t in BASIC_MANA] if values.is_type("Land") else []
        if basic or obj.card.name == "Wastes" and not obj.face_down:
            out.append((oid, (basic or ["C"])[0]))
        else:
            out += [(oid, ab["mana"]) for ab in structured_abilities(game, obj, values) if "mana" in ab][:1]
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
    paid in full from the mana pool (no partial payments). The model activates the player's mana
    abilities (mana_sources) only as far as the pool falls short: sources of a missing color
    first, lands before other permanents. Returns the mana
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
    def order(source):  # a source of a missing color first, then lands before other permanents
        mana = source[1]
        missing = any(symbol in needed for symbol in mana) or mana == "any" and bool(set(needed) - {"C"})
        return not missing, not game.characteristics(game.state.objects[source[0]]).is_type("Land"), source[0]

    sources = sorted(mana_sources(game, player), key=order)
    tapped = []
    for oid, mana in sources:
        # one mana of any color: the color the cost still needs; else each symbol the ability adds
        produced = next((c for c in needed if c != "C"), "G") if mana == "any" else mana
        for symbol in produced:
            trial.add(symbol)
            if symbol in needed:
                needed.remove(symbol)
        tapped.append((oid, produced))
        if trial.payment_for(cost, x) is not None:
            break
    else:
        refuse_mana_abilities(game, player)
        return None
    for oid, produced in tapped:
        game.state.objects[oid].tapped = True
        for symbol in produced:
            p.pool.add(symbol)
        game.log("mana_ability", player=player, object=oid, mana=produced)
    payment = p.pool.payment_for(cost, x)
    p.pool.spend(payment)
    return payment


@action("add_mana")
def add_mana(game, a):
    """Test effect: add mana to a player's mana pool (as a mana ability would)."""
    for symbol, amount in a["mana"].items():
        game.player(a["player"]).pool.add(symbol, int(amount))
    game.log("mana_added", player=a["player"], mana=dict(a["mana"]))
