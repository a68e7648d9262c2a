"""Effects: the structured effects of cards (``EFFECTS``) and the test actions a scenario uses
to stand for an effect of some card ("counter the top spell", "exile this permanent", ...)."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .continuous import add_effect
from .double_faced import legal_card_names
from .objects import ZONES
from .replacement import add_replacement
from .resolution import counter, entered
from .zones import create_object, move

EFFECTS = {}


def effect(name):
    def register(fn):
        EFFECTS[name] = fn
        return fn

    return register


# ---------------------------------------------------------------- life, damage, cards
def change_life(game, player: str, delta: int, cause: str) -> None:
    p = game.player(player)
    before = p.life
    p.life += delta
    game.log("life", player=player, before=before, after=p.life, delta=delta, cause=cause)


def deal_damage(game, source_name: str | None, target, amount: int, **extra) -> None:
    """120.3: damage to a player makes them lose that much life; damage to a creature is marked.
    ``extra`` is logged with the event (``combat``, ``step`` for combat damage)."""
    from .lifelink import lifelink

    if target in game.state.players:
        game.log("damage", source=source_name, target=target, amount=amount, **extra)
        change_life(game, target, -amount, "damage")
        lifelink(game, source_name, amount)
        return
    obj = game.state.objects.get(target)
    if obj is None or obj.zone != "battlefield":
        return
    obj.damage += amount
    game.log("damage", source=source_name, target=obj.id, amount=amount, **extra)
    lifelink(game, source_name, amount)


@effect("damage")
def _damage(game, source, eff, target):
    deal_damage(game, source.id, target, eff["amount"])


@effect("gain_life")
def _gain(game, source, eff, target):
    change_life(game, source.controller, eff["amount"], "effect")


@effect("draw")
def _draw(game, source, eff, target):
    """You (or target player: Deep Analysis) draw N cards."""
    draw(game, target if target in game.state.players else source.controller, eff.get("amount", 1))


@effect("scry")
def _scry(game, source, eff, target):
    """701.22 (scry N): look at the top N cards, put any number on the bottom and the rest on top
    in any order (the action's ``choices.scry``: top / bottom lists; by default all stay)."""
    library = game.state.players[source.controller].library
    seen = list(library[: eff["amount"]])
    wanted = game.choice("scry") or {}

    def ids(refs):
        out = []
        for ref in refs:
            obj = game.obj(ref, zone="library", player=source.controller)
            if obj.id not in seen:
                raise IllegalAction("cr.current.resolving-spells", f"{ref!r} is not among the cards scried")
            out.append(obj.id)
        return out

    bottom = ids(wanted.get("bottom", []))
    top = ids(wanted.get("top", [])) + [i for i in seen if i not in bottom and i not in ids(wanted.get("top", []))]
    library[: len(seen)] = []
    library[:0] = top
    library.extend(bottom)
    game.log("scry", player=source.controller, amount=eff["amount"], looked_at=seen, top=top, bottom=bottom)


@effect("reveal_top_to_hand_gain_life")
@implements("dyn.example", "dyn.4b")
def _purewind(game, source, eff, target):
    """Purewind Blessings: reveal the top card of your library and put it into your hand; you
    gain life equal to that card's converted mana cost (as the card is in the library: a dynamic
    card has the combined mana cost of its halves there, DYN.4b)."""
    library = game.state.players[source.controller].library
    if not library:
        return
    top = game.state.objects[library[0]]
    mv = game.characteristics(top).mana_value
    game.log("reveal", player=source.controller, object=top.id, card=top.card.name, mana_value=mv)
    move(game, top, "hand", "effect")
    change_life(game, source.controller, mv, "effect")


@effect("counter_target_spell")
def _counter(game, source, eff, target):
    spell = game.state.objects.get(target)
    if spell is not None and spell.zone == "stack":
        counter(game, spell)


@effect("return_target_spell_to_hand")
def _remand(game, source, eff, target):
    spell = game.state.objects.get(target)
    if spell is not None and spell.zone == "stack":
        counter(game, spell, "hand", "returned to hand")


@effect("exile_target_spell")
def _spelljack(game, source, eff, target):
    """Spelljack: counter target spell; if countered this way, exile it instead of putting it into
    its owner's graveyard; its controller may play it without paying its mana cost for as long
    as it remains exiled (``may_play`` permission: see :func:`mtgrules.model.casting.cast`)."""
    spell = game.state.objects.get(target)
    if spell is not None and spell.zone == "stack":
        for new in counter(game, spell, "exile", "countered and exiled"):
            if eff.get("may_play") and new.zone == "exile":
                game.state.effects.append({"kind": "may_play", "object": new.id, "player": source.controller,
                                           "without_paying": True, "timestamp": game.tick(), "until": None})


@effect("storm_copies")
def _storm(game, source, eff, target):
    from .copies import storm_copies

    storm_copies(game, source, eff, target)


@effect("lose_life")
def _lose(game, source, eff, target):
    change_life(game, target if target in game.state.players else source.controller, -eff["amount"], "effect")


def target_object(game, target, zones: tuple[str, ...] | None = None):
    """The object a target reference names, or None; with ``zones``, only if it is in one of them
    (a target that has left those zones is gone, 400.7)."""
    obj = game.state.objects.get(target) if isinstance(target, str) else None
    return obj if obj is not None and (zones is None or obj.zone in zones) else None


def _target_permanent(game, target):
    return target_object(game, target, ("battlefield",))


@effect("destroy")
def _destroy(game, source, eff, target):
    obj = _target_permanent(game, target)
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
    obj = _target_permanent(game, target)
    if obj is not None:
        move(game, obj, "hand", "return to hand")


@effect("transform")
def _transform(game, source, eff, target):
    from .double_faced_actions import transform

    obj = _target_permanent(game, target)
    if obj is not None:
        transform(game, {"object": obj.id})


@effect("turn_face_up")
def _turn_face_up(game, source, eff, target):
    from .face_down_actions import turn_up

    obj = _target_permanent(game, target)
    if obj is not None and obj.face_down:
        turn_up(game, obj, cause="effect")


@effect("turn_face_down")
def _turn_face_down(game, source, eff, target):
    from .face_down_actions import turn_face_down

    obj = _target_permanent(game, target)
    if obj is not None:
        turn_face_down(game, {"object": obj.id})


@effect("pump")
def _pump(game, source, eff, target):
    obj = _target_permanent(game, target)
    if obj is not None:
        add_effect(game, {"kind": "pump", "object": obj.id, "power": eff.get("power", 0), "toughness": eff.get("toughness", 0)})


@effect("become_copy")
def _become_copy(game, source, eff, target):
    """Target permanent becomes a copy of the permanent the player chooses (``choices.copy``)."""
    obj = _target_permanent(game, target)
    chosen = game.choice("copy")
    if obj is not None and chosen:
        add_effect(game, {"kind": "copy", "object": obj.id, "of": game.obj(chosen, zone="battlefield").id, "until": eff.get("until", "end_of_turn")})


@effect("reanimate")
def _reanimate(game, source, eff, target):
    """Put target card from a graveyard onto the battlefield under the spell's controller's control."""
    obj = target_object(game, target)
    if obj is not None and obj.zone == "graveyard":
        put_onto_battlefield(game, {"object": obj.id, "player": source.controller, "transformed": bool(eff.get("transformed"))})


@effect("manifest")
def _manifest(game, source, eff, target):
    from .face_down_actions import manifest

    if game.player(source.controller).library:
        manifest(game, {"player": source.controller})


@effect("mill")
def _mill(game, source, eff, target):
    player = target if target in game.state.players else source.controller
    for _ in range(eff.get("amount", 1)):
        library = game.player(player).library
        if library:
            move(game, game.state.objects[library[0]], "graveyard", "mill")


@effect("transform_all")
@implements("cr.current.transform")
def _transform_all(game, source, eff, target):
    """"Transform all Humans" (Moonmist): each permanent with the subtype transforms; 711.5 /
    701.27c: one that isn't a double-faced card doesn't (the transform action refuses it)."""
    from .double_faced_actions import transform

    for oid in list(game.state.battlefield):
        obj = game.state.objects[oid]
        if eff.get("subtype") in game.characteristics(obj).subtypes:
            try:
                transform(game, {"object": oid})
            except IllegalAction:
                pass


@effect("exile_gain_life_equal_power")
def _swords(game, source, eff, target):
    """Swords to Plowshares: exile target creature; its controller gains life equal to its power
    (as it last existed on the battlefield)."""
    obj = _target_permanent(game, target)
    if obj is not None:
        power, controller = game.characteristics(obj).power or 0, obj.controller
        move(game, obj, "exile", "exile")
        change_life(game, controller, max(power, 0), "effect")


@effect("put_on_library_top")
def _griptide(game, source, eff, target):
    """Put target creature on top of its owner's library (a merged permanent: its owner orders
    the cards, ``choices.order``, 730.3a)."""
    obj = _target_permanent(game, target)
    if obj is not None:
        move(game, obj, "library", "put on top of library", position="top", order=game.choice("order"))


@effect("return_to_hand")
def _raise_dead(game, source, eff, target):
    """Return target card from a graveyard to its owner's hand."""
    obj = target_object(game, target)
    if obj is not None and obj.zone == "graveyard":
        move(game, obj, "hand", "return to hand")


@effect("create_token_copy")
@implements("cr.current.copying-objects", "dfc-2016.1")
def _token_copy(game, source, eff, target):
    """Create a token that's a copy of target creature (Cackling Counterpart): 707.2, it copies
    the copiable values. Under the 2016 rules the token is not a double-faced card (711.1: it
    can't transform); under the current rules a copy of a double-faced permanent is a
    double-faced token with the face up that the original has (707.8a), so its characteristics
    are those of its own face up."""
    from .objects import Component

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


@effect("exile_named_cards")
@implements("dyn.4a", "dfc-2016.13")
def _cranial_extraction(game, source, eff, target):
    """Cranial Extraction: choose a card name (``choices.name``; one name of a dynamic or
    double-faced card, not both: DYN.4a, 711.13), search target player's graveyard, hand and
    library for any number of cards with that name (``choices.cards``; by default all of them)
    and exile them. An object has the chosen name if one of its names is that name."""
    name = game.choice("name")
    if not name:
        raise IllegalAction("dyn.4a", "choose a card name (choices.name)")
    having = choose_name(game, {"player": source.controller, "name": name})
    player = target if target in game.state.players else source.controller
    found = [oid for oid in having if game.state.objects[oid].zone in ("graveyard", "hand", "library") and game.state.objects[oid].owner == player]
    wanted = game.choice("cards")
    if wanted is not None:
        chosen = [game.obj(ref, player=player).id for ref in wanted]
        if any(oid not in found for oid in chosen):
            raise IllegalAction("dyn.4a", f"only cards named {name} can be exiled")
        found = chosen
    for oid in found:
        move(game, game.state.objects[oid], "exile", "exile")


@effect("reveal_top_transform")
def _delver(game, source, eff, target):
    """Delver of Secrets' upkeep trigger: look at the top card of your library; you may reveal it
    (``choices.may``; by default not); if an instant or sorcery card is revealed this way,
    transform the permanent whose ability this is."""
    from .double_faced_actions import transform

    library = game.player(source.controller).library
    if not library or not game.choice("may"):
        return
    top = game.state.objects[library[0]]
    game.log("reveal", player=source.controller, object=top.id, card=top.card.name)
    permanent = game.state.objects.get((source.ability or {}).get("source"))
    values = game.characteristics(top)
    if (values.is_type("Instant") or values.is_type("Sorcery")) and permanent is not None and permanent.zone == "battlefield":
        transform(game, {"object": permanent.id})


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


@effect("counter_unless_pays_per_graveyard_card")
@implements("cr.current.counter", "dyn.2")
def _circular_logic(game, source, eff, target):
    """Circular Logic: "Counter target spell unless its controller pays {1} for each card in your
    graveyard." The spell's controller chooses (``choices.pay``; by default not) and pays from
    their mana pool and lands (601.2g-h); a dynamic card in the graveyard is one card (DYN.2)."""
    from .lands import pay
    from .mana import parse_cost

    spell = game.state.objects.get(target)
    if spell is None or spell.zone != "stack":
        return
    amount = len(game.player(source.controller).graveyard)
    if game.choice("pay") and pay(game, spell.controller, parse_cost("{%d}" % amount)) is not None:
        game.log("paid", player=spell.controller, object=spell.id, amount=amount)
        return
    counter(game, spell)


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


def cast_triggers(game, spell) -> None:
    """Abilities of permanents that trigger when a player casts an instant or sorcery card
    (``{trigger: any_player_casts_instant_or_sorcery_card}``, Eye of the Storm). A copy is not a
    card (707.10, 707.12), so casting a copy doesn't trigger them; DYN.3b: a dynamic card on the
    stack has only the types of the half cast."""
    if spell.copy:
        return
    values = game.characteristics(spell)
    if not (values.is_type("Instant") or values.is_type("Sorcery")):
        return
    for oid in list(game.state.battlefield):
        permanent = game.state.objects[oid]
        if permanent.face_down:
            continue
        for ab in permanent.top.card.faces[0].structured("trigger"):
            if ab["trigger"] == "any_player_casts_instant_or_sorcery_card":
                game.state.pending_triggers.append({"source": oid, "controller": permanent.controller, "text": ab.get("text"),
                                                    "effects": list(ab.get("effects", [])), "spell": spell.id, "caster": spell.controller})


def cast_answer(game, card, aliases=()) -> dict | None:
    """The answer (``choices.cast``: true, a card reference, ``{card, half, targets}`` or a list) to
    an offer to cast a copy of ``card``; ``aliases``: the IDs the card had before (on the stack)."""
    if game.choice("may") is False:
        return None
    given = game.choice("cast")
    for answer in given if isinstance(given, list) else [given]:
        if answer is True:
            return {}
        if isinstance(answer, str):
            answer = {"card": answer}
        if isinstance(answer, dict):
            ref = answer.get("card")
            if ref is None or ref == card.id or ref in aliases or ref in (card.card.name, *card.card.names()):
                return answer
    return None


def _cast_copy_of(game, player: str, card, answer: dict) -> None:
    from .copies import cast_copy

    targets = [game.obj(t).id if t not in game.state.players else t for t in answer.get("targets") or []]
    cast_copy(game, {"player": player, "object": card.id, "half": answer.get("half"), "targets": targets, "without_paying": True})


@effect("eye_of_the_storm")
@implements("dyn.3c", "cr.current.cast-copy", "flashback.q6")
def _eye_of_the_storm(game, source, eff, target):
    """Eye of the Storm: exile the instant or sorcery card cast (flashback.q6: an effect that
    exiles it directly is not replaced); then that player copies each instant or sorcery card
    exiled with Eye of the Storm and may cast each copy without paying its mana cost
    (``choices.cast``; 707.12, DYN.3c: a copy of a dynamic card keeps both halves)."""
    data = source.ability or {}
    eye = game.state.objects.get(data.get("source"))
    spell = game.state.objects.get(data.get("spell"))
    player = data.get("caster", source.controller)
    aliases = {}
    if spell is not None and spell.zone == "stack":
        for new in move(game, spell, "exile", "exile"):
            aliases[new.id] = (spell.id,)
            if eye is not None:
                eye.linked.append(new.id)
        for event in reversed(game.state.events):
            if event["type"] == "zone_change" and event.get("object") == spell.id:
                event["source"] = data.get("source")
                break
    for cid in list(eye.linked if eye is not None else aliases):
        card = game.state.objects.get(cid)
        if card is None or card.zone != "exile":
            continue
        values = game.characteristics(card)
        if not (values.is_type("Instant") or values.is_type("Sorcery")):
            continue
        answer = cast_answer(game, card, aliases.get(cid, ()))
        if answer is not None:
            _cast_copy_of(game, player, card, answer)


@effect("mizzix_mastery")
@implements("dyn.3c", "cr.current.cast-copy")
def _mizzix_mastery(game, source, eff, target):
    """Mizzix's Mastery: exile target instant or sorcery card from your graveyard; copy it, and
    you may cast the copy without paying its mana cost (``choices.cast``); exile Mizzix's Mastery."""
    card = target_object(game, target)
    if card is not None and card.zone == "graveyard":
        values = game.characteristics(card)
        if values.is_type("Instant") or values.is_type("Sorcery"):
            aliases = (card.id,)
            for new in move(game, card, "exile", "exile"):
                answer = cast_answer(game, new, aliases)
                if answer is not None:
                    _cast_copy_of(game, source.controller, new, answer)
    if source.id in game.state.objects and source.zone == "stack":
        move(game, source, "exile", "exile")


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


@implements("dyn.2")
def draw(game, player: str, count: int = 1) -> None:
    """121.1 / DYN.2: a player draws the top card of their library; a dynamic card drawn is one card."""
    for _ in range(count):
        library = game.player(player).library
        if not library:
            game.log("draw_from_empty_library", player=player)
            continue
        card = game.state.objects[library[0]]
        new = move(game, card, "hand", "draw")
        game.log("draw", player=player, object=new[0].id, card=card.card.name, cards=len(new))


# ---------------------------------------------------------------- test actions
@action("counter")
def counter_action(game, a):
    """Test effect: counter a spell (to its owner's graveyard, or ``to`` for Remand-like effects)."""
    spell = game.obj(a["object"], zone="stack")
    return [o.id for o in counter(game, spell, a.get("to", "graveyard"))]


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


@action("create_token")
def create_token(game, a):
    """Test effect: create a token (111) from a card definition, under ``player``'s control."""
    card = game.card(a["card"])
    from .objects import Component

    token = create_object(game, owner=a["player"], controller=a["player"], zone="battlefield", components=[Component(card=card, token=True)], object_id=a.get("id"))
    entered(game, token)
    return token.id


@action("damage")
def damage_action(game, a):
    """Test effect: deal damage to a player or permanent."""
    target = a["target"] if a["target"] in game.state.players else game.obj(a["target"], zone="battlefield").id
    deal_damage(game, a.get("source"), target, int(a["amount"]))


@action("life")
def life_action(game, a):
    """Test effect: a player gains or loses life."""
    change_life(game, a["player"], int(a["amount"]), a.get("cause", "effect"))


@action("add_mana")
def add_mana(game, a):
    """Test effect: add mana to a player's mana pool (as a mana ability would)."""
    for symbol, amount in a["mana"].items():
        game.player(a["player"]).pool.add(symbol, int(amount))
    game.log("mana_added", player=a["player"], mana=dict(a["mana"]))


@action("pump")
def pump(game, a):
    """Test effect: target creature gets +P/+T (until end of turn unless ``until`` says otherwise)."""
    effect = add_effect(game, {"kind": "pump", "object": a["object"], "power": a.get("power", 0), "toughness": a.get("toughness", 0), "until": a.get("until", "end_of_turn")})
    game.log("effect_created", kind="pump", object=effect["object"], power=effect["power"], toughness=effect["toughness"], until=effect["until"])


@action("become_copy")
def become_copy(game, a):
    """Test effect: a permanent becomes a copy of another object (707.2; until end of turn by default)."""
    effect = add_effect(game, {"kind": "copy", "object": a["object"], "of": a["of"], "until": a.get("until", "end_of_turn")})
    game.log("effect_created", kind="copy", object=effect["object"], of=effect["of"], until=effect["until"])


@action("add_effect")
def add_effect_action(game, a):
    """Test effect: a replacement effect (``kind: replacement``) or a continuous effect
    (``kind: cost_modifier``, ``pump``, ``copy``) begins to apply."""
    data = a["effect"]
    if data.get("kind") == "replacement":
        rep = add_replacement(game, data)
        game.log("effect_created", kind="replacement", name=rep.name)
    else:
        eff = add_effect(game, data)
        game.log("effect_created", kind=eff["kind"], name=eff.get("name"))


@action("draw")
def draw_action(game, a):
    draw(game, a["player"], int(a.get("count", 1)))


@action("discard")
@implements("dyn.2", "cr.current.discard")
def discard(game, a):
    """701.9: discard a card from hand to its owner's graveyard (a card with madness is exiled
    instead: model/madness.py). DYN.2: a dynamic card is one card."""
    from .madness import discard_card

    obj = game.obj(a["object"], zone="hand", player=a["player"])
    discard_card(game, obj, a["player"], a.get("cause", "discard"))


@action("choose_name")
@implements("dyn.4a", "dfc-2016.13", "dyn.example.r1")
def choose_name(game, a):
    """An effect tells a player to choose (name) a card name. DYN.4a: for a dynamic card, one of
    its names, not both; 711.13: either face of a double-faced card but not both. An object has
    the chosen name if one of its names is the chosen name. Returns the objects that have it."""
    name = a["name"]
    for card in list(game.state.cards.values()) + [o.card for o in game.state.objects.values()]:
        if name == card.name and len(legal_card_names(card)) > 1:
            rule = "dfc-2016.13" if card.is_double_faced else "dyn.4a"
            raise IllegalAction(rule, f"choose one name of {card.name} ({' or '.join(legal_card_names(card))}), not both")
    having = [o.id for o in game.state.objects.values() if o.ability is None and game.characteristics(o).has_name(name)]
    game.log("name_chosen", player=a["player"], name=name, objects=having)
    return having
