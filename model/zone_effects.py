"""Effects that move objects between zones: destroy, exile, bounce, reanimate, put onto the
battlefield or on top of a library, return to hand, create tokens (111) and token copies (707),
and the test actions ``move``, ``put_onto_battlefield`` and ``create_token``."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .continuous import add_effect
from .entering import entered
from .life import change_life
from .objects import ZONES, Component
from .targets import target_object, target_permanent
from .zones import create_object, move


@effect("destroy")
def _destroy(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None:
        move(game, obj, "graveyard", "destroy")


@effect("exile")
def _exile(game, source, eff, target):
    obj = target_object(game, target)
    if obj is not None and obj.zone in ("battlefield", "graveyard", "hand"):
        new = move(game, obj, "exile", "exile", face_down=bool(eff.get("face_down")))
        if eff.get("return"):  # "exile ..., then return it / those cards to the battlefield" (730.3c)
            for o in new:
                if o.id in game.state.objects:
                    put_onto_battlefield(game, {"object": o.id, "player": o.owner})


@effect("bounce")
def _bounce(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None:
        move(game, obj, "hand", "return to hand")


@effect("reanimate")
def _reanimate(game, source, eff, target):
    """Put target card from a graveyard onto the battlefield under the spell's controller's control."""
    obj = target_object(game, target)
    if obj is not None and obj.zone == "graveyard":
        put_onto_battlefield(game, {"object": obj.id, "player": source.controller, "transformed": bool(eff.get("transformed"))})


@effect("exile_gain_life_equal_power")
def _swords(game, source, eff, target):
    """Swords to Plowshares: exile target creature; its controller gains life equal to its power
    (as it last existed on the battlefield)."""
    obj = target_permanent(game, target)
    if obj is not None:
        power, controller = game.characteristics(obj).power or 0, obj.controller
        move(game, obj, "exile", "exile")
        change_life(game, controller, max(power, 0), "effect")


@effect("destroy_gain_life_equal_mana_value")
def _divine_offering(game, source, eff, target):
    """Divine Offering: destroy target artifact; you gain life equal to its mana value (as it last existed on
    the battlefield, 608.2h: read before it is destroyed)."""
    obj = target_permanent(game, target)
    if obj is not None:
        mana_value = game.characteristics(obj).mana_value or 0
        move(game, obj, "graveyard", "destroy")
        change_life(game, source.controller, mana_value, "effect")


@effect("put_on_library_top")
def _griptide(game, source, eff, target):
    """Put target creature on top of its owner's library (a merged permanent: its owner orders
    the cards, ``choices.order``, 730.3a)."""
    obj = target_permanent(game, target)
    if obj is not None:
        move(game, obj, "library", "put on top of library", position="top", order=game.choice("order"))


@effect("return_to_hand")
def _raise_dead(game, source, eff, target):
    """Return target card from a graveyard to its owner's hand."""
    obj = target_object(game, target)
    if obj is not None and obj.zone == "graveyard":
        move(game, obj, "hand", "return to hand")


@effect("move")
@implements("cr.current.zones")
def _move(game, source, eff, target):
    """Put the object (a target, or ``self``) into the zone ``to`` (hand, battlefield under its
    owner's control, graveyard, exile, library on top or at the ``position`` bottom), from
    wherever it is, or only from the zone ``from`` when it says so (Rancor: "return it to its
    owner's hand" from the graveyard). Nothing happens if it has left that zone (400.7)."""
    obj = target_object(game, target, (eff["from"],) if eff.get("from") else None)
    if obj is None or obj.zone == "stack":
        return
    new = move(game, obj, eff["to"], "effect", position=eff.get("position", "top"), controller=obj.owner if eff["to"] == "battlefield" else None)
    if eff["to"] == "battlefield":
        for permanent in new:
            entered(game, permanent)


@effect("create_token_copy")
@implements("cr.current.copying-objects", "dfc-2016.1")
def _token_copy(game, source, eff, target):
    """Create a token that's a copy of target creature (Cackling Counterpart): 707.2, it copies
    the copiable values. Under the 2016 rules the token is not a double-faced card (711.1: it
    can't transform); under the current rules a copy of a double-faced permanent is a
    double-faced token with the face up that the original has (707.8a), so its characteristics
    are those of its own face up."""
    obj = target_object(game, target)
    if obj is None or obj.zone != "battlefield":
        return
    top = obj.top
    token = create_object(game, owner=source.controller, controller=source.controller, zone="battlefield",
                          components=[Component(card=top.card, token=True, face=top.face)])
    copy = add_effect(game, {"kind": "copy", "object": token.id, "of": obj.id, "until": None})
    if game.state.rules_edition != "2016-04-08" and top.card.is_double_faced and not obj.face_down and not obj.merged:
        copy["values"] = None  # the token's own faces give its values (copiable_values skips it)
    game.log("create_token", object=token.id, card=top.card.name, copy_of=obj.id, player=source.controller)
    entered(game, token)


@effect("exile_return_next_end_step")
@implements("merging.3c")
def _otherworldly_journey(game, source, eff, target):
    """Otherworldly Journey: exile target creature; at the beginning of the next end step, return
    that card (each card of a merged permanent: 730.3c, the effect finds all the new objects) to
    the battlefield under its owner's control with a +1/+1 counter on it (a delayed trigger)."""
    obj = target_object(game, target)
    if obj is None or obj.zone != "battlefield":
        return
    new = [o.id for o in move(game, obj, "exile", "exile")]
    game.state.delayed_triggers.append({"step": "end", "source": source.id, "controller": source.controller, "objects": new,
                                        "effects": [{"effect": "return_exiled_with_counter"}],
                                        "text": "At the beginning of the next end step, return that card to the battlefield under its owner's control with a +1/+1 counter on it."})


@effect("return_exiled_with_counter")
def _return_exiled(game, source, eff, target):
    """The delayed trigger of Otherworldly Journey: each exiled card returns, with a +1/+1 counter."""
    for oid in (source.ability or {}).get("objects", []):
        obj = game.state.objects.get(oid)
        if obj is not None and obj.zone == "exile":
            for new in put_onto_battlefield(game, {"object": oid, "player": obj.owner}):
                permanent = game.state.objects[new]
                permanent.counters["+1/+1"] = permanent.counters.get("+1/+1", 0) + 1


@effect("exile_return_transformed")
@implements("dfc-2016.8", "dfc-2016.8a")
def _liliana(game, source, eff, target):
    """Liliana, Heretical Healer: exile this permanent, then return it to the battlefield
    transformed under its owner's control; if you do, create a 2/2 black Zombie token. 711.8a: a
    card that isn't a double-faced card (a Clone copying her) stays in exile, so no token."""
    obj = target_object(game, target)
    if obj is None or obj.zone != "battlefield":
        return
    returned = []
    for new in move(game, obj, "exile", "exile"):
        if new.id in game.state.objects:
            returned += put_onto_battlefield(game, {"object": new.id, "player": new.owner, "transformed": True})
    if returned and eff.get("token"):
        create_token(game, {"card": eff["token"], "player": source.controller})


@effect("put_creature_from_hand")
@implements("dyn.5a")
def _elvish_piper(game, source, eff, target):
    """Elvish Piper: "You may put a creature card from your hand onto the battlefield"
    (``choices.may``, the card in ``choices.cards``). In the hand a dynamic card has the combined
    types (DYN.4), so it is a creature card; it enters as its permanent half (DYN.5a)."""
    chosen = game.choice("cards") or []
    if game.choice("may") is False or not chosen:
        return
    card = game.obj(chosen[0], zone="hand", player=source.controller)
    if card.owner != source.controller or not game.characteristics(card).is_type("Creature"):
        raise IllegalAction("cr.current.resolving-spells", f"{card.card.name} is not a creature card in your hand")
    put_onto_battlefield(game, {"object": card.id, "player": source.controller})


@action("move")
def move_action(game, a):
    """Test effect: move an object to a zone (``cause``: destroy, exile, bounce, sacrifice ...)."""
    obj = game.obj(a["object"], zone=a.get("from"))
    to = a["to"]
    if to not in ZONES or to == "stack":
        raise IllegalAction("cr.current.zones", f"an effect can't put an object onto the {to!r} this way")
    if to == "battlefield":
        return put_onto_battlefield(game, dict(a, action="put_onto_battlefield"))
    new = move(game, obj, to, a.get("cause", "effect"), position=a.get("position", "top"), face_down=bool(a.get("face_down")),
               order=a.get("order"), replacement_order=a.get("replacement_order"))
    if a.get("return_to_battlefield"):
        returned = []
        for o in new:  # 730.3c: the effect finds every new object and returns each of them
            if o.id in game.state.objects:
                returned += put_onto_battlefield(game, {"object": o.id, "player": o.owner})
        return returned
    return [o.id for o in new]


@action("put_onto_battlefield")
@implements("dyn.5a", "dyn.example.r4", "dfc-2016.8", "dfc-2016.8a", "cr.current.manifest")
def put_onto_battlefield(game, a):
    """Test effect: an effect puts a card onto the battlefield. DYN.5a: a dynamic card enters as
    its permanent half. 711.8: a double-faced card enters front face up unless put onto the
    battlefield "transformed"; 711.8a: a card that isn't a double-faced card, told to enter
    transformed, stays in its current zone. ``face_down``: it enters as a 2/2 face-down creature
    (708.3). ``as_copy_of``: it enters as a copy of that permanent (707.5)."""
    obj = game.obj(a["object"])
    if obj.zone == "battlefield":
        raise IllegalAction(None, f"{obj.card.name} is already on the battlefield")
    if obj.zone == "stack":
        raise IllegalAction(None, "a spell gets onto the battlefield by resolving")
    if a.get("transformed"):
        if not obj.card.is_double_faced:
            game.log("no_effect", object=obj.id, rule="dfc-2016.8a", reason="only a double-faced card can be put onto the battlefield transformed: it stays in its zone")
            return []
        if obj.card.faces[1].is_instant_or_sorcery:
            game.log("no_effect", object=obj.id, rule="dfc-2016.6", reason="its back face is an instant or sorcery face")
            return []
    controller = a.get("player", obj.owner)
    face_down = bool(a.get("face_down"))
    entering = obj.card.faces[0]  # a dynamic card enters as its permanent half (side a, DYN.5a)
    if not face_down and not entering.is_permanent:
        game.log("no_effect", object=obj.id, reason="304.4 / 307.4: an instant or sorcery card can't enter the battlefield: it stays in its zone")
        return []
    new = move(game, obj, "battlefield", a.get("cause", "effect"), controller=controller, face_down=face_down)
    for permanent in new:
        if a.get("transformed") and permanent.card.is_double_faced:
            permanent.top.face = "b"
        if face_down:
            permanent.top.face_down = True
            permanent.top.face_down_as = a.get("face_down_as", "effect")
        if a.get("as_copy_of"):
            add_effect(game, {"kind": "copy", "object": permanent.id, "of": a["as_copy_of"], "until": None})
        entered(game, permanent)
    return [p.id for p in new]


@effect("create_token")
def _create_tokens(game, source, eff, target):
    """Create ``amount`` (default 1) tokens of ``token`` (a card of the pool, tokens.yaml) under
    the controller of the spell or ability (111.1); each enters the battlefield."""
    for _ in range(eff.get("amount", 1)):
        token = create_object(game, owner=source.controller, controller=source.controller, zone="battlefield",
                              components=[Component(card=game.card(eff["token"]), token=True)])
        game.log("create_token", object=token.id, card=token.card.name, player=source.controller)
        entered(game, token)


@action("create_token")
def create_token(game, a):
    """Test effect: create a token (111) from a card definition, under ``player``'s control."""
    card = game.card(a["card"])
    token = create_object(game, owner=a["player"], controller=a["player"], zone="battlefield", components=[Component(card=card, token=True)], object_id=a.get("id"))
    entered(game, token)
    return token.id
