"""Activated abilities (602): a cost of mana, tapping, discarding (this card, as cycling does, or
another card, as Wild Mongrel does), sacrificing and paying life (costs.py), then the ability
goes on the stack. Madness cares about discarding as a cost (madness.q6).

A structured activated ability: ``{activated: [effects], cost: "{2}", discard: this|card,
tap: true, sacrifice: self|restriction, life: N, text: ...}``. An effect with ``target: self``
acts on the ability's source."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .characteristic_effects import structured_abilities
from .costs import pay_other_costs, summoning_sick
from .equipment import check_sorcery_timing
from .madness import discard_card
from .mana import parse_cost
from .objects import Component
from .payment import pay
from .support import bare, face_up_faces, refuse
from .targets import describe, is_targeted, target_allowed
from .zones import create_object


def _ability(game, obj, which):
    if obj.zone == "battlefield":
        abilities = [a for a in structured_abilities(game, obj) if "activated" in a]
    else:  # from a hand only an ability that discards its own card (cycling) can be activated
        abilities = [dict(a) for f in obj.card.faces[:1] for a in f.abilities if "activated" in a and a.get("discard") == "this"]
    if isinstance(which, int) and 1 <= which <= len(abilities):
        return abilities[which - 1]
    for ab in abilities:
        if which in (ab.get("keyword"), ab.get("text"), str(ab.get("keyword", "")).capitalize()):
            return ab
    if which is None and len(abilities) == 1:
        return abilities[0]
    for face in face_up_faces(obj) if obj.zone == "battlefield" else obj.card.faces[:1]:
        named = [u for u in face.unsupported if u["kind"] == "activated" and which in (None, u["ability"], bare(u["ability"]))]
        if named or (isinstance(which, int) and which > len(abilities) and any(u["kind"] == "activated" for u in face.unsupported)):
            refuse(obj.card.name, face, ("activated",))
    raise IllegalAction(None, f"{obj.card.name} has no such activated ability ({which!r})")


@action("activate", player_action=True)
@implements("madness.q6", "cr.current.priority")
def activate(game, a: dict) -> str:
    """602.2: a player with priority activates an ability: it goes on the stack, targets are
    chosen, and its costs are paid (mana, {T}, discarding a card: a discard like any other, so a
    card with madness discarded this way is exiled and its madness trigger triggers, madness.q6).
    ``ability``: 1-based index or keyword; ``targets``; ``discard``: the card discarded as a cost;
    ``sacrifice``: the permanent sacrificed as a cost ("Sacrifice a creature")."""
    s = game.state
    player = a["player"]
    if s.priority != player:
        raise IllegalAction("cr.current.priority", f"{player} doesn't have priority")
    obj = game.obj(a["object"], player=player)
    if obj.zone == "battlefield" and obj.controller != player or obj.zone == "hand" and obj.owner != player:
        raise IllegalAction(None, f"{player} can't activate abilities of {obj.card.name}")
    if obj.zone not in ("battlefield", "hand"):
        raise IllegalAction(None, f"{obj.card.name} is in the {obj.zone}: its abilities can't be activated")
    ab = _ability(game, obj, a.get("ability"))
    check_sorcery_timing(game, player, ab)
    given = list(a.get("targets") or [])
    targets = []
    for eff in ab["activated"]:
        if eff.get("target") == "self":
            targets.append(obj.id)
        elif is_targeted(eff):
            if not given:
                raise IllegalAction(None, "this ability needs a target")
            t = given.pop(0)
            t = t if t in s.players else game.obj(t).id
            if not target_allowed(game, t, eff["target"], obj.id, player):  # 602.2b: as 601.2c
                raise IllegalAction("cr.current.casting-spells", f"{t!r} is not a legal target ({describe(eff['target'])})")
            targets.append(t)
    if ab.get("tap"):
        if obj.zone != "battlefield" or obj.tapped:
            raise IllegalAction(None, f"{obj.card.name} can't be tapped to pay the cost")
        if summoning_sick(game, obj):
            raise IllegalAction("cr.current.summoning-sickness", f"{obj.card.name} came under {player}'s control this turn: its {{T}} ability can't be activated")
    to_discard = None
    if ab.get("discard") == "this":
        if obj.zone != "hand":
            raise IllegalAction(None, "this ability's cost discards its card from the hand")
        to_discard = obj
    elif ab.get("discard") == "card":
        if not a.get("discard"):
            raise IllegalAction(None, "choose a card to discard to pay the cost")
        to_discard = game.obj(a["discard"], zone="hand", player=player)
    cost = parse_cost(ab.get("cost"))
    if cost is not None and pay(game, player, cost) is None:
        raise IllegalAction("cr.pre-2013.pay", f"{player} can't pay {cost}")
    source_card = obj.card
    if ab.get("tap"):
        obj.tapped = True
    source_id = obj.id
    pay_other_costs(game, player, [{k: ab[k]} for k in ("sacrifice", "life") if k in ab], a.get("sacrifice"), obj)
    if to_discard is not None:
        discard_card(game, to_discard, player, "discard (cost)")
    ability = create_object(game, owner=player, controller=player, zone="stack", components=[Component(card=source_card)])
    ability.ability = {"source": source_id, "effects": list(ab["activated"]), "text": ab.get("text", "activated ability"), "targets": targets}
    game.log("activate", player=player, object=ability.id, source=source_id, card=source_card.name, text=ability.ability["text"])
    s.priority = player
    s.passes = 0
    return ability.id
