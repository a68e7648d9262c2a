"""The effects of the general vocabulary beyond the core's (model/card.schema.json ``effect``):
searching a library (701.23), gaining control (613.1b), untapping, putting counters on a
permanent (122), choosing a creature type, a color or a card name for the effects after it, and
granting flashback to a card in a graveyard (702.34a).

    {effect: search, for: {kind: card, zone: library, supertypes: [Basic], types: [Land]}, to: battlefield, tapped: true}
    {effect: gain_control, target: creature, until: end_of_turn}
    {effect: put_counters, counter: "+1/+1", amount: 1, target: creature}
    {effect: choose, choice: creature_type}, {effect: destroy, each: {kind: permanent, types: [Creature], subtypes_not: [chosen]}}
    {effect: gain_flashback, target: instant_or_sorcery_card_in_your_graveyard, cost: mana_cost, until: end_of_turn}
"""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, effect
from .choosing import choose
from .continuous import add_effect
from .control import gain_control
from .entering import entered
from .targets import describe, target_allowed, target_object, target_permanent
from .zones import move


@effect("search")
@implements("cr.current.search", "cr.current.shuffle")
def _search(game, source, eff, target):
    """"Search your library for [a card the restriction ``for`` allows], [reveal it,] put it into
    your hand / onto the battlefield [tapped] / into your graveyard, then shuffle." The card is
    ``choices.search`` (a list of one card, or ``[]``: 701.23b, a search for a card with a stated
    quality need not find one); by default the first such card from the top. The shuffle is
    logged; the model keeps the order, one possible outcome, so a scenario can't rely on any."""
    player = source.controller
    library = game.player(player).library
    wanted = game.choice("search")
    if wanted is None:
        found = [oid for oid in library if target_allowed(game, oid, eff["for"], source.id, player)][:1]
    else:
        found = [game.obj(ref, zone="library", player=player).id for ref in wanted][:1]
        for oid in found:
            if oid not in library or not target_allowed(game, oid, eff["for"], source.id, player):
                raise IllegalAction("cr.current.search", f"{game.state.objects[oid].card.name} is not a card the search allows ({describe(eff['for'])})")
    game.log("search", player=player, object=source.id, found=[game.state.objects[o].card.name for o in found] if eff.get("reveal") else len(found))
    for oid in found:
        new = move(game, game.state.objects[oid], eff["to"], "search", controller=player if eff["to"] == "battlefield" else None)
        for permanent in new if eff["to"] == "battlefield" else ():
            permanent.tapped = bool(eff.get("tapped"))
            entered(game, permanent)
    game.log("shuffle", player=player)


@effect("gain_control")
def _gain_control(game, source, eff, target):
    """Gain control of target permanent (``until: end_of_turn`` or for as long as it remains)."""
    obj = target_permanent(game, target)
    if obj is not None:
        gain_control(game, obj, source.controller, eff.get("until"))


@effect("untap")
def _untap(game, source, eff, target):
    """Untap target permanent (or "that creature")."""
    obj = target_permanent(game, target)
    if obj is not None and obj.tapped:
        obj.tapped = False
        game.log("untapped", object=obj.id)


@effect("put_counters")
@implements("cr.current.counters")
def _put_counters(game, source, eff, target):
    """Put ``amount`` ``counter`` counters (+1/+1 or -1/-1, 122.1) on target permanent (or
    ``self``); they change its power and toughness after the other layer-7 effects (613.4c)."""
    obj = target_permanent(game, target)
    if obj is not None:
        obj.counters[eff["counter"]] = obj.counters.get(eff["counter"], 0) + eff.get("amount", 1)
        game.log("counters", object=obj.id, counter=eff["counter"], amount=eff.get("amount", 1))


@effect("choose")
def _choose(game, source, eff, target):
    """Choose a creature type, a color or a card name (``choice``); the effects after it read it
    as ``chosen`` (choosing.py)."""
    choose(game, source, eff["choice"], source.controller, nonland=bool(eff.get("nonland")))


@effect("gain_flashback")
@implements("flashback.a", "cr.current.layers")
def _gain_flashback(game, source, eff, target):
    """"Target instant or sorcery card in your graveyard gains flashback until end of turn. The
    flashback cost is equal to its mana cost." (Snapcaster Mage): an ability-adding effect (layer
    6, 613.1f) on the card, which has the keyword and the alternative cost ``flashback`` whose
    cost is the card's mana cost (``cost: mana_cost``; none if it has no mana cost, and then it
    can't be cast with it). It ends in the cleanup step, or as the card leaves the graveyard (a
    new object, 400.7)."""
    card = target_object(game, target, ("graveyard",))
    if card is None:
        return
    cost = game.characteristics(card).mana_cost
    add_effect(game, {"kind": "abilities", "object": card.id, "add_keywords": ["Flashback"], "until": eff.get("until"),
                      "add_abilities": [{"alternative_cost": "flashback", "cost": cost}]})
    game.log("effect_created", kind="abilities", object=card.id, name=f"flashback {cost or '(no mana cost)'}", until=eff.get("until"))
