"""Effects on spells on the stack and on casting copies: counter (701.6), return to hand, exile
and may play (Spelljack), counter unless its controller pays (Circular Logic), and "cast a copy"
of an exiled or graveyard card (707.12: Eye of the Storm, Mizzix's Mastery); the ``counter``
test action."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .casting import cast_answer
from .copies import cast_copy_of
from .mana import parse_cost
from .payment import pay
from .resolution import counter
from .targets import target_object
from .zones import move


@effect("counter_target_spell")
def _counter(game, source, eff, target):
    """Counter target spell; with ``to: library`` (Hinder) the card is put on the top or at the
    bottom of its owner's library instead, as its controller chooses (``choices.top_or_bottom``)."""
    spell = game.state.objects.get(target)
    if spell is None or spell.zone != "stack":
        return
    if eff.get("to") == "library":
        where = game.choice("top_or_bottom")
        if where not in ("top", "bottom"):
            raise IllegalAction("cr.current.counter", "choose top or bottom of the library (choices.top_or_bottom)")
        counter(game, spell, "library", "countered", position=where)
    else:
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


@effect("counter_unless_pays_per_graveyard_card")
@implements("cr.current.counter", "dyn.2")
def _circular_logic(game, source, eff, target):
    """Circular Logic: "Counter target spell unless its controller pays {1} for each card in your
    graveyard." The spell's controller chooses (``choices.pay``; by default not) and pays from
    their mana pool and lands (601.2g-h); a dynamic card in the graveyard is one card (DYN.2)."""
    spell = game.state.objects.get(target)
    if spell is None or spell.zone != "stack":
        return
    amount = len(game.player(source.controller).graveyard)
    if game.choice("pay") and pay(game, spell.controller, parse_cost("{%d}" % amount)) is not None:
        game.log("paid", player=spell.controller, object=spell.id, amount=amount)
        return
    counter(game, spell)


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
            cast_copy_of(game, player, card, answer)


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
                    cast_copy_of(game, source.controller, new, answer)
    if source.id in game.state.objects and source.zone == "stack":
        move(game, source, "exile", "exile")


@action("counter")
def counter_action(game, a):
    """Test effect: counter a spell (to its owner's graveyard, or ``to`` for Remand-like effects)."""
    spell = game.obj(a["object"], zone="stack")
    return [o.id for o in counter(game, spell, a.get("to", "graveyard"))]
