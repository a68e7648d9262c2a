"""Structured effects of the cards the seed-004 rulings and scenarios name, beyond the core's:
text changes (Mind Bend, Artificial Evolution), color changes (Cerulean Wisps, Wild Mongrel),
gaining keywords (Temur Battle Rage), a player discarding cards (Mind Rot), and copying
a spell (Twincast). Each is the smallest faithful form of what the card does."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, effect
from .continuous import add_effect
from .copies import copy_spell
from .madness import discard_card
from .targets import target_allowed, target_object


def _object(game, target):
    return target_object(game, target, ("battlefield", "stack"))


@effect("text_change")
@implements("fear.q1", "amplify.q6")
def _text_change(game, source, eff, target):
    """Change the text of target spell or permanent by replacing all instances of one word (a
    color word or a creature type) with another (``choices.text_change``: ``{from, to}``)."""
    obj = _object(game, target)
    wanted = game.choice("text_change") or {}
    if obj is None or not wanted:
        return
    if wanted["to"] in (eff.get("not_to") or ()):  # Artificial Evolution: "The new creature type can't be Wall."
        raise IllegalAction(None, f"the new word can't be {wanted['to']}")
    add_effect(game, {"kind": "text_change", "object": obj.id, "text_from": wanted["from"], "text_to": wanted["to"], "until": eff.get("until")})
    game.log("effect_created", kind="text_change", object=obj.id, name=f"{wanted['from']} -> {wanted['to']}")


@effect("set_colors")
@implements("fear.q2")
def _set_colors(game, source, eff, target):
    """Target creature (or, with ``target: self``, this one) becomes ``colors``, or the color of
    the controller's choice (``choose: true``, ``choices.color``), until end of turn; with
    ``untap: true`` it is also untapped."""
    obj = _object(game, target)
    if obj is None:
        return
    colors = [game.choice("color")] if eff.get("choose") else list(eff.get("colors") or [])
    if colors == [None]:
        return  # no color chosen: the model keeps the colors it has
    add_effect(game, {"kind": "set_colors", "object": obj.id, "colors": colors})
    if eff.get("untap"):  # Cerulean Wisps: "Untap that creature."
        obj.tapped = False


@effect("gain_keywords")
@implements("double-strike.d")
def _gain_keywords(game, source, eff, target):
    """Target creature gains keywords (Temur Battle Rage: double strike) until end of turn."""
    obj = _object(game, target)
    if obj is not None:
        add_effect(game, {"kind": "abilities", "object": obj.id, "add_keywords": list(eff.get("keywords") or [])})


@effect("lose_keywords")
def _lose_keywords(game, source, eff, target):
    """It (or target creature) loses keywords until end of turn (Swooping Talon: flying; layer 6)."""
    obj = _object(game, target)
    if obj is not None:
        add_effect(game, {"kind": "abilities", "object": obj.id, "remove_keywords": list(eff.get("keywords") or [])})


@effect("discard")
@implements("madness.q6", "cr.current.discard")
def _discard(game, source, eff, target):
    """Target player discards ``amount`` cards of their choice (``choices.discard``; by default the
    first cards of their hand), or with ``all: restriction`` reveals their hand and discards every
    card it allows (Persecute: "all cards of that color"). Each is discarded, so madness applies
    to each."""
    player = target if target in game.state.players else source.controller
    hand = game.player(player).hand
    if "all" in eff:
        game.log("reveal", player=player, cards=[game.state.objects[c].card.name for c in hand])
        for oid in [c for c in hand if target_allowed(game, c, eff["all"], source.id, source.controller)]:
            discard_card(game, game.state.objects[oid], player, "discard")
        return
    chosen = [game.obj(ref, zone="hand", player=player).id for ref in game.choice("discard") or []]
    chosen = [c for c in chosen if c in hand][: eff.get("amount", 1)]
    chosen += [c for c in hand if c not in chosen][: max(0, eff.get("amount", 1) - len(chosen))]
    for oid in chosen:
        discard_card(game, game.state.objects[oid], player, "discard")


@effect("copy_target_spell")
@implements("storm.q3", "storm.q4", "cr.current.copy-of-spell")
def _copy_target_spell(game, source, eff, target):
    """Copy target instant or sorcery spell; the copy may have new targets (``choices.new_targets``).
    The copy is not cast, so it doesn't count for storm (storm.q3)."""
    spell = game.state.objects.get(target) if isinstance(target, str) else None
    if spell is None or spell.zone != "stack" or spell.ability is not None:
        return
    new = list(game.choice("new_targets") or [])
    copy_spell(game, spell, source.controller, [new[0]] if new else None)


@effect("tap_lose_all_abilities")
@implements("double-strike.c")
def _tap_lose_all_abilities(game, source, eff, target):
    """Merfolk Trickster: "tap target creature an opponent controls. It loses all abilities until
    end of turn" (layer 6, 613.1f: printed and granted abilities alike; double-strike.c: a
    creature that loses double strike after the first-strike damage step deals no more damage)."""
    obj = _object(game, target)
    if obj is None or obj.zone != "battlefield":
        return
    obj.tapped = True
    add_effect(game, {"kind": "abilities", "object": obj.id, "remove_all": True, "until": "end_of_turn"})
    game.log("effect_created", kind="abilities", object=obj.id, name="loses all abilities")


@effect("tap")
def _tap(game, source, eff, target):
    """Tap target permanent (Gigadrowse)."""
    obj = _object(game, target)
    if obj is not None and obj.zone == "battlefield":
        obj.tapped = True


@effect("prevent_combat_damage")
def _prevent_combat_damage(game, source, eff, target):
    """"Prevent all combat damage that would be dealt this turn by creatures other than ..."
    (Moonmist): a prevention effect until end of turn; sources ``unless`` allows are unaffected
    (evasion.combat_damage_prevented)."""
    game.state.effects.append({"kind": "prevent_combat_damage", "timestamp": game.tick(), "until": "end_of_turn",
                               "unless": eff.get("unless"), "controller": source.controller})
