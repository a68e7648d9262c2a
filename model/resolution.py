"""Resolving spells and abilities (608) and countering (701.6). A spell's or ability's effects are
carried out through the effect registry (actions.EFFECTS), which the effect modules fill; a
permanent entering is in entering.py, triggered abilities in triggers.py."""

from __future__ import annotations

from dataclasses import replace

from mtgrules.spec import implements

from .actions import EFFECTS, IllegalAction
from .attaching import attach_resolving_aura
from .casting import effects_of
from .conditions import condition_holds
from .continuous import add_effect
from .entering import entered
from .merging_actions import resolve_mutating
from .objects import GameObject
from .support import face_up_faces
from .targets import is_targeted, target_allowed
from .zones import move, remove_object


@implements("cr.current.resolving-spells", "cr.current.permanent-spell-resolves", "dyn.5", "dyn.example.r2", "dyn.example.r3",
            "dfc-2016.8", "cr.current.copy-of-spell")
def resolve_top(game) -> None:
    """608.2: an instant or sorcery spell follows its instructions, then is put into its owner's
    graveyard. 608.3: a permanent spell becomes a permanent on the battlefield under its
    controller's control. DYN.5: a dynamic card cast as its permanent half is put onto the
    battlefield; the nonpermanent half's characteristics don't exist there (DYN.example.r2); cast
    as its nonpermanent half it goes to the graveyard after resolving (DYN.example.r3). 711.8: a
    double-faced card enters with the face up it had on the stack (front face). A copy of a
    permanent spell becomes a token (707.10f)."""
    s = game.state
    obj = s.objects[s.stack[-1]]
    if obj.ability is not None:
        effects, targets = obj.ability.get("effects", []), obj.ability.get("targets", [])
        legal = legal_targets(game, obj, effects, targets, obj.ability.get("source"))
        if legal is None:
            game.log("resolve", object=obj.id, ability=obj.ability.get("text"), outcome="doesn't resolve: every target is illegal")
            remove_object(game, obj)
            return
        if not condition_holds(game, obj.controller, obj.ability.get("if"), source_id=obj.ability.get("source")):
            game.log("resolve", object=obj.id, ability=obj.ability.get("text"), outcome="does nothing: its intervening if clause is false",
                     rule="cr.current.intervening-if")  # 603.4: checked again as it resolves
            remove_object(game, obj)
            return
        game.log("resolve", object=obj.id, ability=obj.ability.get("text"))
        run_effects(game, obj, effects, targets, legal)
        remove_object(game, obj)
        return
    values = game.characteristics(obj)
    info = obj.spell
    effects = effects_of(obj.card, info.half, obj.top)
    legal = legal_targets(game, obj, effects, info.targets, obj.id)
    if legal is None:
        game.log("resolve", object=obj.id, card=obj.card.name, outcome="countered on resolution: every target is illegal")
        move(game, obj, "graveyard", "countered on resolution")
        return
    game.log("resolve", object=obj.id, card=obj.card.name, half=obj.card.face(info.half).name if info.half else None)
    if values.is_permanent:
        if info.mutate_onto is not None:
            if resolve_mutating(game, obj):
                return
        entering_token = obj.copy
        new = move(game, obj, "battlefield", "resolve", controller=obj.controller, keep={"face_down": obj.face_down, "face": obj.top.face})
        for permanent in new:
            if entering_token:
                permanent.components = [replace(c, token=True) for c in permanent.components]
                permanent.copy = False
                if info.copy_of in s.objects:  # the token is a copy of that card: observed as copy_of (its own values stand)
                    add_effect(game, {"kind": "copy", "object": permanent.id, "of": info.copy_of, "until": None})["values"] = None
            attach_resolving_aura(game, permanent, info.targets)
            entered(game, permanent)
        return
    run_effects(game, obj, effects, info.targets, legal)
    if obj.id in s.objects and obj.zone == "stack":  # 702.27a: with buyback, to its owner's hand instead
        move(game, obj, "hand" if info.buyback else "graveyard", "buyback" if info.buyback else "resolve")


@implements("cr.current.counter")
def counter(game, spell: GameObject, to_zone: str = "graveyard", cause: str = "countered", position: str = "top") -> list[GameObject]:
    """701.6a: to counter a spell is to cancel it, removing it from the stack; it is put into its
    owner's graveyard (or where the countering effect says: a library, on top or at the bottom).
    A spell that can't be countered (``{static: cant_be_countered}``, Akroma) isn't (101.2)."""
    if spell.zone != "stack":
        raise IllegalAction("cr.current.counter", "only a spell or ability on the stack can be countered")
    if spell.ability is None:
        for face in face_up_faces(spell):
            if any(a["static"] == "cant_be_countered" for a in face.structured("static")):
                game.log("no_effect", object=spell.id, reason="this spell can't be countered", rule="cr.current.cant-beats-can")
                return []
    game.log("countered", object=spell.id, card=spell.card.name if spell.ability is None else None)
    if spell.ability is not None:
        remove_object(game, spell)
        return []
    return move(game, spell, to_zone, cause, position=position)


@implements("cr.current.check-targets")
def legal_targets(game, obj: GameObject, effects: list[dict], targets: list, source_id: str | None) -> list[bool] | None:
    """608.2b: as a spell or ability starts to resolve, each target is checked against its
    restriction again (targets.target_allowed). One flag per target, in order; None when it has
    targets and every one is now illegal (it doesn't resolve). ``self`` is not a target."""
    flags, chosen = [], []
    remaining = list(targets)
    for effect in effects:
        if effect.get("target") not in (None, "that") and remaining:
            target = remaining.pop(0)
            ok = not is_targeted(effect) or target_allowed(game, target, effect["target"], source_id, obj.controller)
            flags.append(ok)
            if is_targeted(effect):
                chosen.append(ok)
    return None if chosen and not any(chosen) else flags


def run_effects(game, source: GameObject, effects: list[dict], targets: list, legal: list[bool] | None = None) -> None:
    """Carry out a spell's or ability's structured effects in order (608.2c). 608.2b: an effect
    whose target is illegal now does nothing to it (``legal``, from legal_targets), the others
    still happen."""
    remaining = list(targets)
    flags = list(legal) if legal is not None else []
    previous = None
    for effect in effects:
        if effect.get("target") == "that":  # "that creature": the previous effect's target, not a new one
            target = previous
        else:
            target = remaining.pop(0) if effect.get("target") and remaining else None
            if target is not None and flags and not flags.pop(0):
                game.log("target_illegal", object=source.id, target=target, effect=effect["effect"], rule="cr.current.check-targets")
                previous = None
                continue
            previous = target
        if target is None and effect.get("target") == "that" or not condition_holds(game, source.controller, effect.get("if"), source_id=source.id, spell=source.spell):
            continue
        for each in [target] if "each" not in effect else each_object(game, source, effect["each"]):
            EFFECTS[effect["effect"]](game, source, effect, each)


def each_object(game, source: GameObject, restriction: dict) -> list[str]:
    """"Each creature you control" and the like: the permanents (and players) the restriction
    allows now, judged for the source's controller (targets.target_allowed; no targeting)."""
    candidates = list(game.state.players) + list(game.state.battlefield)
    return [c for c in candidates if target_allowed(game, c, restriction, source.id, source.controller)]
